/** The one error type of the server: a stable code (with its HTTP status) and a Russian message that says what to do. */
import { ERROR_CODES, type ErrorCode } from '@portal/contracts';

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Logged, never sent to the client. */
    readonly details?: unknown,
    /** Sent to the client beside the code and the message (what it needs to act: an order to confirm). */
    readonly answer?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.status = ERROR_CODES[code].status;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message?: string) => new AppError('CONFLICT', message);
