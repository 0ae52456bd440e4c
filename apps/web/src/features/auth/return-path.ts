/** Where to go after signing in: the `from` path if it is one of ours (never another site), else the main page. */
export function safeReturnPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  return from;
}
