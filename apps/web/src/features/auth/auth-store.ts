/**
 * Authentication state of spec §3/§4: the session token (kept in localStorage under id_token), the login error and
 * the general error. Signed in is derived: a non-empty token.
 */
import { create } from 'zustand';
import { ApiError, api, setUnauthorizedHandler } from '../../shared/api/client';
import { onRequestError } from '../../shared/request-errors';
import { flushBeforeSignOut, forgetSignedOutUser } from '../../shared/sign-out';
import { STORAGE_KEYS } from '../../shared/storage-keys';

export interface AuthState {
  token: string;
  loginError: boolean;
  loginErrorMessage: string;
  error: boolean;
  errorMessage: string;
  login(login: string, password: string): Promise<void>;
  /**
   * Signs out and leaves none of the user's orders in this browser. Unless the server already ended the session
   * (`sessionEnded`), what only this browser holds is sent first.
   */
  logout(options?: { sessionEnded?: boolean }): Promise<void>;
  /** Takes a session the server began otherwise (an accepted invitation): signed in, as after the form. */
  adoptSession(token: string): void;
}

const encodeBasic = (login: string, password: string) => {
  const bytes = new TextEncoder().encode(`${login}:${password}`);
  return btoa(String.fromCharCode(...bytes));
};

/** The hash's code, loaded on first use (the sign-in page loads it ahead, see login-page.tsx). */
export function loadSignInHash() {
  return import('./sign-in-hash').catch(() => {
    throw new ApiError('Нет связи с сервером. Проверьте подключение к интернету и повторите.', 0, 'NETWORK');
  });
}

export const useAuthStore = create<AuthState>((set, get) => ({
  token: localStorage.getItem(STORAGE_KEYS.token) ?? '',
  loginError: false,
  loginErrorMessage: '',
  error: false,
  errorMessage: '',

  async login(login, password) {
    set({ loginError: false, loginErrorMessage: '', error: false, errorMessage: '' });
    try {
      const { signInHash } = await loadSignInHash();
      const timestamp = Date.now();
      const response = await api<{ token: string; src?: string }>('/auth', {
        method: 'POST',
        auth: false,
        headers: { authorization: `Basic ${encodeBasic(login, password)}` },
        body: { timestamp, hash: signInHash(timestamp, __AUTH_SALT__) },
      });
      // Whatever orders an earlier user left in this browser are not this user's: they start from the server's copy.
      forgetSignedOutUser();
      localStorage.setItem(STORAGE_KEYS.token, response.token);
      set({ token: response.token });
      // Staff open the internal tools in a new window with the token (spec §4).
      if (response.src) window.open(`${response.src}?token=${encodeURIComponent(response.token)}`, '_blank', 'noopener');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.status !== 0) set({ error: true, errorMessage: message });
      set({ loginError: true, loginErrorMessage: message });
      throw error;
    }
  },

  adoptSession(token) {
    forgetSignedOutUser();
    localStorage.setItem(STORAGE_KEYS.token, token);
    set({ token, loginError: false, loginErrorMessage: '', error: false, errorMessage: '' });
  },

  async logout({ sessionEnded = false } = {}) {
    const token = get().token;
    if (token && !sessionEnded) await flushBeforeSignOut();
    localStorage.removeItem(STORAGE_KEYS.token);
    set({ token: '' });
    forgetSignedOutUser();
    if (token) {
      // Revoke on the server; a failure (already expired, offline) changes nothing for the user.
      await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {});
    }
  },
}));

export const selectSignedIn = (state: AuthState) => state.token !== '';

// Any 401 from a URL other than sign-in signs the user out and reloads at the login screen (spec §4).
setUnauthorizedHandler(() => {
  if (!useAuthStore.getState().token) return;
  // Taken before signing out: clearing the token makes the router move to /login at once.
  const back = `${window.location.pathname}${window.location.search}`;
  const target = back === '/' || back.startsWith('/login') ? '/login' : `/login?from=${encodeURIComponent(back)}`;
  void useAuthStore
    .getState()
    .logout({ sessionEnded: true })
    .then(() => window.location.assign(target));
});

// Spec §8: any failed request sets the general error. Not the login error: that one is shown on the sign-in form,
// where an unrelated failure from an earlier page would only confuse (docs/decisions.md).
onRequestError((text) => useAuthStore.setState({ error: true, errorMessage: text }));
