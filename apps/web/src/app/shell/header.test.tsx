import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../../features/profile/profile-page';
import { renderWithProviders } from '../../shared/testing/render';
import { useNotificationsStore } from '../../shared/notifications-store';
import { Header } from './header';

const personal = (image: string | null) => ({
  name: 'Иван',
  lastname: 'Соколов',
  patronymic: 'Петрович',
  email: 'demo@example.ru',
  phone: '+7 (900) 000-00-01',
  image,
});
const ok = (response: unknown) => new Response(JSON.stringify({ error: null, response }), { status: 200 });

/** A server with one user whose avatar is `image`; saving the profile with a photo stores it as avatar 8. */
function stubServer(image: string | null) {
  let current = image;
  const avatarRequests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/auth/me') return ok({ login: 'demo', name: 'Иван', lastname: 'Соколов' });
      if (url === '/api/user/settings/personal/update') {
        current = '/api/user/settings/avatar/8';
        return ok({ personal: personal(current), notifications: DEFAULT_NOTIFICATION_SETTINGS });
      }
      if (url.startsWith('/api/user/settings/avatar/')) {
        avatarRequests.push(url);
        return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'image/png' } });
      }
      if (url === '/api/user/settings') return ok({ personal: personal(current), notifications: DEFAULT_NOTIFICATION_SETTINGS });
      return ok([]);
    }),
  );
  let made = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:object-${++made}`, revokeObjectURL: () => {} }));
  return { avatarRequests };
}

const noop = () => {};

afterEach(() => {
  vi.unstubAllGlobals();
  useNotificationsStore.setState({ messages: [], unread: 0 });
});

describe('Header bell', () => {
  it('counts the unread messages, not all of them, and names the count in Russian', async () => {
    stubServer(null);
    const store = useNotificationsStore.getState();
    for (const id of ['1', '2', '3']) store.add({ id, time: '2026-01-10T10:00:00Z', message: `Сообщение ${id}`, type: 'notification', readAt: id === '3' ? null : '2026-01-10T11:00:00Z' });
    store.setUnread(1);
    renderWithProviders(<Header onOpenNotifications={noop} onOpenNovelties={noop} />);
    const bell = screen.getByRole('button', { name: 'Уведомления: 1 непрочитанное' });
    expect(bell.closest('.mantine-Indicator-root')?.querySelector('.mantine-Indicator-indicator')).toHaveTextContent('1');
    act(() => useNotificationsStore.getState().setUnread(3));
    expect(screen.getByRole('button', { name: 'Уведомления: 3 непрочитанных' })).toBeInTheDocument();
    act(() => useNotificationsStore.getState().markAllOpened('server'));
    act(() => useNotificationsStore.getState().setUnread(0));
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeInTheDocument();
  });
});

describe('Header user avatar', () => {
  it('shows the initials when the profile has no photo', async () => {
    stubServer(null);
    renderWithProviders(<Header onOpenNotifications={noop} onOpenNovelties={noop} />);
    const avatar = screen.getByTestId('user-avatar');
    expect(await within(avatar).findByText('ИС')).toBeInTheDocument();
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the uploaded photo, fetched with the avatar endpoint', async () => {
    const { avatarRequests } = stubServer('/api/user/settings/avatar/5');
    renderWithProviders(<Header onOpenNotifications={noop} onOpenNovelties={noop} />);
    const avatar = screen.getByTestId('user-avatar');
    await waitFor(() => expect(avatar.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:object-/)));
    expect(avatar.querySelector('img')).toHaveAttribute('alt', 'Фото профиля');
    expect(avatarRequests).toEqual(['/api/user/settings/avatar/5']);
  });

  it('switches to the new photo once the profile is saved', async () => {
    const { avatarRequests } = stubServer(null);
    renderWithProviders(
      <>
        <Header onOpenNotifications={noop} onOpenNovelties={noop} />
        <ProfilePage />
      </>,
    );
    const avatar = screen.getByTestId('user-avatar');
    expect(await within(avatar).findByText('ИС')).toBeInTheDocument();
    await screen.findByLabelText(/^Имя/);
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [photo] } });
    // The picked file is only a preview in the form until it is saved.
    expect(avatar.querySelector('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(avatar.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:object-/)));
    expect(avatarRequests).toContain('/api/user/settings/avatar/8');
  });
});
