import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { AVATAR_TIMEOUT_MS, getAvatar } from './api/get-avatar';
import { avatarProblem } from './components/avatar-field';
import { PROFILE_LOADING_DELAY_MS, ProfilePage, useLoadingFlag } from './profile-page';

const settings = (image: string | null = null) => ({
  personal: { name: 'Иван', lastname: 'Соколов', patronymic: 'Петрович', email: 'demo@example.ru', phone: '+7 (900) 000-00-01', image },
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
});
const ok = (response: unknown) => new Response(JSON.stringify({ error: null, response }), { status: 200 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('keeps the loading flag until 0.5 s after load', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ loaded }) => useLoadingFlag(loaded), { initialProps: { loaded: false } });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(true);
    rerender({ loaded: true });
    act(() => vi.advanceTimersByTime(PROFILE_LOADING_DELAY_MS - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('shows the loaded personal data, then clears the loading flag', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ok(settings())));
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByLabelText(/^Имя/)).toHaveValue('Иван');
    expect(screen.getByLabelText(/^Фамилия/)).toHaveValue('Соколов');
    await waitFor(() => expect(screen.getByTestId('profile-page')).not.toHaveAttribute('data-loading'));
  });

  it('sends the changed name and the picked avatar as multipart', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), body: init?.body });
        if (String(input) === '/api/user/settings/personal/update') return ok({ ...settings(), personal: { ...settings().personal, name: 'Пётр' } });
        return ok(settings());
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    renderWithProviders(<ProfilePage />);
    const name = await screen.findByLabelText(/^Имя/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Пётр');
    const avatar = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [avatar] } });
    await waitFor(() => expect(screen.getByTestId('profile-avatar')).toHaveAttribute('data-preview', 'new'));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user/settings/personal/update')).toBe(true));
    const body = calls.find((call) => call.url === '/api/user/settings/personal/update')!.body as FormData;
    expect(body.get('name')).toBe('Пётр');
    expect((body.get('avatar') as File).name).toBe('me.png');
    expect(await screen.findByText('Профиль сохранён')).toBeInTheDocument();
  });

  it('does not send an empty name', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => ok(settings()));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfilePage />);
    await userEvent.clear(await screen.findByLabelText(/^Имя/));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите имя.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/user/settings/personal/update');
  });
});

describe('avatar', () => {
  it('refuses a file above 2 MB or of another type before sending', () => {
    expect(avatarProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))).toMatch(/больше 2 МБ/);
    expect(avatarProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toMatch(/PNG, JPEG или WebP/);
    expect(avatarProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
  });

  it('gives up after 3 s so the fallback stays', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    );
    const loading = getAvatar('/api/user/settings/avatar/7');
    const outcome = loading.then(() => 'loaded', (error: Error) => error.name);
    await vi.advanceTimersByTimeAsync(AVATAR_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('AbortError');
  });

  it('fetches the avatar with the token through the API path', async () => {
    localStorage.setItem('id_token', 'tok');
    const fetchMock = vi.fn(async () => new Response('png', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await getAvatar('/api/user/settings/avatar/7');
    expect(fetchMock).toHaveBeenCalledWith('/api/user/settings/avatar/7', expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer tok' }) }));
  });
});
