/**
 * The signed-in user's avatar for the shell: the photo uploaded in the profile (personal.image of GET
 * /api/user/settings) or, without one, while it loads or if it fails, the fallback (the initials). It reads the same
 * settings query the profile page writes after a save, so a new or removed photo shows here at once.
 */
import { Avatar, type AvatarProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAvatarUrl } from '../api/get-avatar';
import { useSettings } from '../api/get-settings';

export function UserAvatar({ fallback, ...props }: Omit<AvatarProps, 'src' | 'children'> & { fallback: ReactNode }) {
  const settings = useSettings();
  const url = useAvatarUrl(settings.data?.personal.image);
  return (
    <Avatar {...props} src={url} alt={url ? 'Фото профиля' : undefined} data-testid="user-avatar">
      {fallback}
    </Avatar>
  );
}
