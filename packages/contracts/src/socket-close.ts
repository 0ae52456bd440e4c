/**
 * Close codes of the realtime socket (4000–4999 are the application's). A module without zod: the browser's socket
 * reads these codes on every page, and importing them must not bring the schemas into the first load.
 */
export const SOCKET_CLOSE = {
  /** No valid token within the time allowed, or the session ended: sign in again; reconnecting will not help. */
  unauthorized: 4401,
  /** The server stopped hearing the client (three heartbeats). */
  silent: 4408,
} as const;
