/**
 * Delivers the outbox. A round: pending events become messages (mail.events.ts), messages whose sender died mid-send
 * are settled, then due messages are claimed (marked «sending» with a lease, before any SMTP traffic) and sent one by
 * one. A message is sent at most once: after a process dies between «sending» and the record of the outcome, nobody
 * knows whether the SMTP server took it, and it is marked failed rather than sent again (docs/decisions.md).
 */
import type { FastifyInstance } from 'fastify';
import { expandEvents, type OrderReader } from './mail.events';
import * as repo from './mail.repository';
import { isPermanent, type MailTransport } from './transport';

/** Tries of one message; the waits between them double from half a minute (0.5, 1, 2 … 32 min: about an hour in all). */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
/** Longer than the SMTP timeouts of one message (transport.ts), so a live sender never loses its claim. */
export const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Settled messages older than MAIL_KEEP_DAYS are deleted at most this often (a look at the outbox's old rows). */
const PURGE_EVERY_MS = 60 * 60_000;

export const INTERRUPTED_REASON =
  'Отправка прервалась (процесс остановлен во время передачи): неизвестно, принял ли письмо SMTP-сервер, поэтому оно не отправляется повторно.';

export const retryDelayMs = (attempts: number) => FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);

type SenderApp = Pick<FastifyInstance, 'db' | 'config' | 'realtime' | 'log'>;

export interface RoundReport {
  expanded: number;
  sent: number;
  retried: number;
  failed: number;
  /** Settled messages deleted as older than MAIL_KEEP_DAYS. */
  purged: number;
}

export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RoundReport> | undefined;
  private again = false;
  private closed = false;
  /** Off until start(); a sender started with 0 sends only when asked (runOnce). */
  private automatic = false;
  private purgedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly app: SenderApp,
    readonly transport: MailTransport,
    private readonly readOrder: OrderReader,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** One round now (after the one under way, if any); tests call it instead of waiting for the timer. */
  async runOnce(): Promise<RoundReport> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.round();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Asks for a round soon (a message was just written); rounds asked for meanwhile become one. */
  kick() {
    if (this.closed || !this.automatic) return;
    if (this.running) {
      this.again = true;
      return;
    }
    setImmediate(() => void this.tick());
  }

  start(intervalSeconds: number) {
    if (intervalSeconds <= 0) return;
    this.automatic = true;
    this.timer = setInterval(() => void this.tick(), intervalSeconds * 1000);
    this.kick();
  }

  async close() {
    this.closed = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  private async tick() {
    if (this.closed || this.running) return;
    try {
      do {
        this.again = false;
        await this.runOnce();
      } while (this.again && !this.closed);
    } catch (error) {
      this.app.log.error({ err: error }, 'mail round failed; the outbox is kept and tried again');
    }
  }

  private async round(): Promise<RoundReport> {
    const report: RoundReport = { expanded: 0, sent: 0, retried: 0, failed: 0, purged: 0 };
    const now = this.clock().getTime();
    // A clock set back (by an operator, or NTP) starts the hour again rather than postponing the look for its length.
    if (now - this.purgedAt >= PURGE_EVERY_MS || now < this.purgedAt) {
      this.purgedAt = now;
      report.purged = await repo.purgeSettled(this.app.db, new Date(now - this.app.config.MAIL_KEEP_DAYS * 86_400_000));
      if (report.purged > 0) this.app.log.info({ purged: report.purged }, `mail: ${report.purged} settled messages older than ${this.app.config.MAIL_KEEP_DAYS} days deleted`);
    }
    for (let n; (n = await expandEvents(this.app, this.readOrder)) > 0; ) report.expanded += n;
    const interrupted = await repo.failInterrupted(this.app.db, INTERRUPTED_REASON, this.clock());
    for (const id of interrupted) this.app.log.warn({ mail: id }, `mail ${id} was interrupted mid-send and is not sent again`);
    report.failed += interrupted.length;
    for (let batch; !this.closed && (batch = await repo.claimDue(this.app.db, BATCH, LEASE_MS, this.clock())).length > 0; ) {
      for (const message of batch) await this.deliver(message, report);
    }
    return report;
  }

  private async deliver(message: repo.OutboxRow, report: RoundReport) {
    const { db, log, config } = this.app;
    try {
      const sentTo = await this.transport.send({
        id: message.id,
        from: config.MAIL_FROM,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      await repo.markSent(db, message.id, sentTo, this.clock());
      report.sent++;
      log.info({ mail: message.id, to: message.toAddress, subject: message.subject, sentTo }, `mail ${message.id} sent: ${sentTo}`);
    } catch (error) {
      // No «250 OK» to the message: the server has not taken it, so trying again cannot send it twice.
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanent(error) || message.attempts >= MAX_ATTEMPTS) {
        await repo.markFailed(db, message.id, `Не отправлено (попыток: ${message.attempts}): ${reason}`);
        report.failed++;
        log.error({ mail: message.id, to: message.toAddress, reason }, `mail ${message.id} failed`);
      } else {
        await repo.markRetry(db, message.id, reason, new Date(this.clock().getTime() + retryDelayMs(message.attempts)));
        report.retried++;
        log.warn({ mail: message.id, reason, attempts: message.attempts }, `mail ${message.id} not sent, tried again later`);
      }
    }
  }
}
