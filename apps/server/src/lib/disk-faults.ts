/**
 * A disk that is full or cannot be written, whoever meets it — the file storage or the database (PGlite or
 * PostgreSQL) — is answered the same way: 507 when it is full, 503 when it is read-only, in Russian, saying nothing was
 * saved (a refused write changed nothing: the file storage renames a whole file into place, a database transaction
 * rolls back). The last fault is kept for a while so readiness reports it.
 */
import { AppError } from './errors';

export type DiskFault = 'full' | 'read-only';

const READ_ONLY_MESSAGE =
  'Хранилище на сервере сейчас недоступно для записи: ничего не сохранено. Сообщите администратору портала и повторите позже.';

/** A refusal because of the disk; `details` go to the log only. */
export class DiskFaultError extends AppError {
  constructor(
    readonly fault: DiskFault,
    details: unknown,
  ) {
    super(fault === 'full' ? 'INSUFFICIENT_STORAGE' : 'UNAVAILABLE', fault === 'full' ? undefined : READ_ONLY_MESSAGE, details);
  }
}

/** File system error codes of a full disk and of one that cannot be written. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/**
 * SQLSTATE: 53100 disk_full; 25006 read_only_sql_transaction (a standby, or default_transaction_read_only set by an
 * operator). A file system mounted read-only under the engine surfaces as an I/O error (58030) naming it.
 */
const FULL_SQLSTATES = new Set(['53100']);
const READ_ONLY_SQLSTATES = new Set(['25006']);
const READ_ONLY_TEXT = /read-only file system|EROFS/i;
const FULL_TEXT = /no space left on device|ENOSPC/i;

/** The disk fault behind an error of the database (looked for along its causes: Drizzle wraps the driver's), if any. */
export function databaseDiskFault(error: unknown): DiskFault | undefined {
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    const message = String((cause as { message?: unknown }).message ?? '');
    if (typeof code === 'string' && FULL_SQLSTATES.has(code)) return 'full';
    if (typeof code === 'string' && READ_ONLY_SQLSTATES.has(code)) return 'read-only';
    if (typeof code === 'string' && /^58/.test(code)) {
      if (FULL_TEXT.test(message)) return 'full';
      if (READ_ONLY_TEXT.test(message)) return 'read-only';
    }
  }
  return undefined;
}

/** The disk fault of a failed file system call (every error code but a full disk's means it cannot be written). */
export function fileSystemDiskFault(error: unknown): DiskFault {
  return FULL_CODES.has(String((error as NodeJS.ErrnoException).code)) ? 'full' : 'read-only';
}

/** How long readiness keeps reporting a fault after the last one met: a freed disk reads as ready again after it. */
export const FAULT_REPORTED_MS = 60_000;

/** The last disk fault this process met, for readiness. */
export class DiskFaultLog {
  private last: { fault: DiskFault; at: number } | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  noted(fault: DiskFault): void {
    this.last = { fault, at: this.now() };
  }

  /** The fault met within FAULT_REPORTED_MS, if any. */
  current(): DiskFault | undefined {
    return this.last && this.now() - this.last.at < FAULT_REPORTED_MS ? this.last.fault : undefined;
  }
}
