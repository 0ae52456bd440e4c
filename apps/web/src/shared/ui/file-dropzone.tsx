/**
 * Photos and documents for a request (shipments, claims): a Mantine Dropzone with the server's limits (PNG, JPEG,
 * WebP, PDF; 10 MB a file; 10 files), the chosen files listed with a remove button, refusals said in Russian.
 */
import '@mantine/dropzone/styles.css';
import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, MIME_TYPES, type FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';

export const ATTACHMENT_TYPES = [MIME_TYPES.png, MIME_TYPES.jpeg, MIME_TYPES.webp, MIME_TYPES.pdf];
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} КБ` : `${(bytes / 1024 / 1024).toFixed(1)} МБ`);

function rejectionText(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return `«${rejection.file.name}» больше 10 МБ`;
  if (code === 'file-invalid-type') return `«${rejection.file.name}» — не фото (PNG, JPEG, WebP) и не PDF`;
  if (code === 'too-many-files') return `не больше ${MAX_ATTACHMENTS} файлов`;
  return `«${rejection.file.name}» не подходит`;
}

export function FileDropzone({ files, onChange, label = 'Фото и документы' }: { files: File[]; onChange: (files: File[]) => void; label?: string }) {
  const [refused, setRefused] = useState<string[]>([]);

  function add(dropped: File[]) {
    const next = [...files, ...dropped.filter((file) => !files.some((f) => f.name === file.name && f.size === file.size))];
    setRefused(next.length > MAX_ATTACHMENTS ? [`не больше ${MAX_ATTACHMENTS} файлов`] : []);
    onChange(next.slice(0, MAX_ATTACHMENTS));
  }

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Dropzone
        onDrop={add}
        onReject={(rejections) => setRefused(rejections.map(rejectionText))}
        maxSize={MAX_ATTACHMENT_BYTES}
        maxFiles={MAX_ATTACHMENTS}
        accept={ATTACHMENT_TYPES}
        radius="md"
        data-testid="file-dropzone"
        aria-label="Выбрать файлы"
        // The hidden file input is what a screen reader announces: in Russian, with the field's own name.
        inputProps={{ 'aria-label': `${label}: выбрать файлы` }}
      >
        <Group justify="center" gap="md" mih={88} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="sm" fw={500}>
              Перетащите файлы сюда или нажмите, чтобы выбрать
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              Фото PNG, JPEG, WebP или PDF, до 10 МБ каждый, не больше {MAX_ATTACHMENTS} файлов
            </Text>
          </div>
        </Group>
      </Dropzone>
      {refused.length > 0 && (
        <Text size="xs" c="red" role="alert">
          Не добавлены: {refused.join('; ')}.
        </Text>
      )}
      {files.length > 0 && (
        <Stack gap={6} data-testid="chosen-files">
          {files.map((file, i) => (
            <Paper key={`${file.name}-${i}`} withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <ThemeIcon variant="light" size="sm" color={file.type === MIME_TYPES.pdf ? 'red' : 'blue'}>
                    {file.type === MIME_TYPES.pdf ? <IconFileTypePdf size={14} /> : <IconPhoto size={14} />}
                  </ThemeIcon>
                  <Text size="sm" truncate>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {sizeText(file.size)}
                  </Text>
                </Group>
                <ActionIcon variant="subtle" color="gray" aria-label={`Убрать ${file.name}`} onClick={() => onChange(files.filter((_, k) => k !== i))}>
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
