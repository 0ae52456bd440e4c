import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { useAuthStore } from '../auth-store';
import { useCurrentUser } from './get-current-user';

function WhoAmI() {
  const user = useCurrentUser();
  return <span>{user.data?.login}</span>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: '' });
});

describe('check-authentication at start', () => {
  it('keeps a valid session', async () => {
    localStorage.setItem('id_token', 'valid-token');
    useAuthStore.setState({ token: 'valid-token' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: null, response: { login: 'demo', name: 'Иван', lastname: 'Соколов' } })));
    vi.stubGlobal('fetch', fetchMock);
    const view = renderWithProviders(<WhoAmI />);
    expect(await view.findByText('demo')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer valid-token' }) }));
    expect(useAuthStore.getState().token).toBe('valid-token');
  });

  it('signs out when the session is no longer valid (401)', async () => {
    localStorage.setItem('id_token', 'expired-token');
    useAuthStore.setState({ token: 'expired-token' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/orders', search: '' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Сессия истекла' }, response: null }), { status: 401 })),
    );
    renderWithProviders(<WhoAmI />);
    await waitFor(() => expect(useAuthStore.getState().token).toBe(''));
    expect(localStorage.getItem('id_token')).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?from=%2Forders'));
  });
});
