/** Picks a new avatar with a preview; the file goes with the personal form. PNG, JPEG or WebP up to 2 MB. */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_MAX_BYTES } from '@portal/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useObjectUrl } from '../api/get-avatar';

export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp';

/** The reason a picked file cannot be an avatar, or null. The server checks the bytes again. */
export function avatarProblem(file: File): string | null {
  if (!AVATAR_ACCEPT.split(',').includes(file.type)) return `Файл «${file.name}» не подходит: выберите PNG, JPEG или WebP.`;
  if (file.size > AVATAR_MAX_BYTES) return `Файл «${file.name}» больше 2 МБ: выберите фото поменьше.`;
  return null;
}

interface AvatarFieldProps {
  /** The current avatar's object URL, null for none or while it loads. */
  currentUrl: string | null;
  initials: string;
  picked: File | null;
  removed: boolean;
  error: string | null;
  onPick(file: File | null): void;
  onRemove(): void;
}

export function AvatarField({ currentUrl, initials, picked, removed, error, onPick, onRemove }: AvatarFieldProps) {
  const previewUrl = useObjectUrl(picked);
  const shown = previewUrl ?? (removed ? null : currentUrl);
  return (
    <Stack align="center" gap="sm">
      <Avatar src={shown} size={132} radius={132} color="blue" alt="Аватар" data-testid="profile-avatar" data-preview={previewUrl ? 'new' : shown ? 'current' : 'none'}>
        <Text fz={40} fw={700} c="blue">
          {initials}
        </Text>
      </Avatar>
      <Group gap="xs" justify="center">
        <FileButton onChange={onPick} accept={AVATAR_ACCEPT} inputProps={{ 'aria-label': 'Фото профиля: выбрать файл' }}>
          {(props) => (
            <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={14} />}>
              {shown ? 'Сменить фото' : 'Загрузить фото'}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onRemove}>
            Удалить
          </Button>
        )}
      </Group>
      {error ? (
        <Text size="xs" c="red" ta="center" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" ta="center">
          {picked ? 'Новое фото сохранится вместе с данными.' : 'PNG, JPEG или WebP, до 2 МБ'}
        </Text>
      )}
    </Stack>
  );
}
