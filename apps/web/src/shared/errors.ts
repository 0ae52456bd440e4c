/**
 * The error snack bar of spec §8: any failed request is reported as 'Request <ACTION> error: <message>' in a red
 * snack bar at the bottom of the screen. The message is shown as text, never as markup: it can carry what the user
 * typed (a file name, a field's value), and a link or a tag in it must stay characters on the screen. The snack bar
 * closes by itself after 10 s or with its close button.
 *
 * Usage from any feature: `catch (error) { reportError('SEND_KP', error) }`.
 */
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { announceRequestError } from './request-errors';

export { onRequestError } from './request-errors';

/** Spec §9: snack bar and popup auto-close. */
export const SNACK_BAR_AUTO_CLOSE_MS = 10_000;

/** The human-readable text of anything thrown: an Error's message, a string as is, else its JSON. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const candidate = (error as { message?: unknown; msg?: unknown }).message ?? (error as { msg?: unknown }).msg;
    if (typeof candidate === 'string') return candidate;
    try {
      return JSON.stringify(error);
    } catch {
      return String(error);
    }
  }
  return String(error);
}

/** The text of spec §8: 'Request <ACTION> error: <message>'. */
export function formatRequestError(action: string, error: unknown): string {
  return `Request ${action.toUpperCase()} error: ${errorMessage(error)}`;
}

let sequence = 0;

/** Shows a failed request in the error snack bar. `action` names the request, e.g. 'GET_PARTNERS' or 'SEND_KP'. */
export function reportError(action: string, error: unknown): string {
  const text = formatRequestError(action, error);
  const id = `request-error-${++sequence}`;
  announceRequestError(text);
  notifications.show({
    id,
    position: 'bottom-center',
    color: 'red',
    title: 'Ошибка',
    autoClose: SNACK_BAR_AUTO_CLOSE_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Закрыть' },
    'data-testid': 'error-snackbar',
    // A long unbroken run (an address, a file name) wraps instead of running out of a narrow screen.
    message: createElement('span', { 'data-testid': 'error-snackbar-message', style: { overflowWrap: 'anywhere' } }, text),
  });
  return id;
}
