/**
 * The feedback modal of spec §2/§4: an error report or an improvement suggestion, a text and files. Sending shows a
 * loader; success closes the modal; a failure stops the loader and keeps everything typed (spec §8: no snack bar).
 * Mounted by the shell with `opened` and `onClose`.
 */
import { ActionIcon, Button, FileButton, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MAX_TEXT,
  FEEDBACK_MAX_TOTAL_BYTES,
  ZFeedbackFieldsSchema,
  type TFeedbackType,
} from '@portal/contracts';
import { IconBug, IconBulb, IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractForm } from '../../shared/lib/use-contract-form';
import { PortalModal } from '../../shared/ui/portal-modal';
import { useSendFeedback } from './api/send-feedback';

const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';
const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} МБ`;
/** A file's size as people read it: kilobytes below a megabyte. */
const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.ceil(bytes / 1024))} КБ` : megabytes(bytes));

/** Why these files cannot go as they are, or null. The server checks the bytes again. */
export function filesProblem(files: File[]): string | null {
  if (files.length > FEEDBACK_MAX_FILES) return `Можно приложить не больше ${FEEDBACK_MAX_FILES} файлов.`;
  const big = files.find((file) => file.size > FEEDBACK_MAX_FILE_BYTES);
  if (big) return `Файл «${big.name}» больше ${megabytes(FEEDBACK_MAX_FILE_BYTES)}.`;
  if (files.reduce((sum, file) => sum + file.size, 0) > FEEDBACK_MAX_TOTAL_BYTES) return `Файлы вместе больше ${megabytes(FEEDBACK_MAX_TOTAL_BYTES)}.`;
  const wrong = files.find((file) => file.type && !ACCEPT.split(',').includes(file.type));
  if (wrong) return `Файл «${wrong.name}» не подходит: приложите PNG, JPEG, WebP или PDF.`;
  return null;
}

export function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<TFeedbackType>('error');
  // The text follows the request's contract: its rule and its wording, cleared as soon as the text is given.
  const form = useContractForm({ initialValues: { text: '' }, schema: ZFeedbackFieldsSchema.pick({ text: true }) });
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendFeedback();

  function reset() {
    setType('error');
    form.reset();
    setFiles([]);
    setProblem(null);
    setFailure(null);
  }

  function close() {
    if (send.isPending) return;
    onClose();
  }

  function addFiles(picked: File[]) {
    const next = [...files, ...picked];
    const found = filesProblem(next);
    setProblem(found);
    if (!found) setFiles(next);
  }

  async function submit({ text }: typeof form.values) {
    setFailure(null);
    try {
      await send.mutateAsync({ type, text: text.trim(), files });
      reset();
      onClose();
      notifications.show({ color: 'teal', title: 'Спасибо!', message: 'Обращение отправлено, мы его рассмотрим.' });
    } catch (error) {
      // Spec §8: a failure only stops the loader. The reason stays in the form so a refused file can be fixed.
      setFailure(error instanceof Error ? error.message : null);
    }
  }

  return (
    <PortalModal opened={opened} onClose={close} title="Обратная связь" size="lg" withCloseButton={!send.isPending}>
      <form onSubmit={form.onSubmit(submit)} noValidate data-testid="feedback-form">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={type}
            onChange={(value) => setType(value as TFeedbackType)}
            aria-label="Тип обращения"
            data={[
              {
                value: 'error',
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <IconBug size={16} />
                    <span>Сообщить об ошибке</span>
                  </Group>
                ),
              },
              {
                value: 'info',
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <IconBulb size={16} />
                    <span>Предложить улучшение</span>
                  </Group>
                ),
              },
            ]}
          />
          <Textarea
            label={type === 'error' ? 'Что случилось?' : 'Ваше предложение'}
            placeholder={type === 'error' ? 'Что вы делали, что ожидали увидеть и что получилось' : 'Что стоит добавить или изменить в портале'}
            {...form.getInputProps('text')}
            autosize
            minRows={5}
            maxRows={12}
            maxLength={FEEDBACK_MAX_TEXT}
            required
            data-autofocus
          />
          <div>
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={500}>
                Файлы
              </Text>
              <Text size="xs" c="dimmed">
                до {FEEDBACK_MAX_FILES} файлов: PNG, JPEG, WebP, PDF, до {megabytes(FEEDBACK_MAX_FILE_BYTES)} каждый
              </Text>
            </Group>
            <Stack gap={6}>
              {files.map((file, index) => (
                <Group key={`${file.name}-${index}`} justify="space-between" wrap="nowrap" px="sm" py={6} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                  <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconFile size={16} />
                    <Text size="sm" truncate>
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {sizeText(file.size)}
                    </Text>
                  </Group>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Убрать ${file.name}`} onClick={() => setFiles(files.filter((_, i) => i !== index))}>
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              ))}
              <FileButton onChange={addFiles} accept={ACCEPT} multiple inputProps={{ 'aria-label': 'Приложить файлы' }}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} disabled={files.length >= FEEDBACK_MAX_FILES} w="fit-content">
                    Приложить файлы
                  </Button>
                )}
              </FileButton>
            </Stack>
          </div>
          {(problem || failure) && (
            <Text size="sm" c="red" role="alert">
              {problem ?? failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Отмена
            </Button>
            <Button type="submit" loading={send.isPending}>
              Отправить
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
