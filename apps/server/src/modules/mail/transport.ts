/**
 * Where messages go: an SMTP server (SMTP_URL), or without one .eml files in DATA_DIR/mail — the same bytes an SMTP
 * server would get, so a demo shows exactly what would have been sent. An in-memory data folder (tests) keeps them in
 * memory.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /** Answers where the message went (the SMTP server's answer, or the file); throws when it was not taken. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** An SMTP error that will not change on a retry (5xx: the address or the message is refused). */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const message = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  // The same id on every attempt: a receiving server or client can tell a duplicate.
  messageId: `<outbox-${mail.id}@dealer-portal>`,
});

/** nodemailer is loaded by the first message sent (~15 MB resident), not at start. */
const loadNodemailer = async () => (await import('nodemailer')).default;

function smtpTransport(url: string): MailTransport {
  const address = new URL(url);
  // Timeouts shorter than the sender's lease (sender.ts), so a live sender never loses its claim.
  for (const [name, ms] of [['connectionTimeout', 15_000], ['greetingTimeout', 15_000], ['socketTimeout', 30_000]] as const) {
    if (!address.searchParams.has(name)) address.searchParams.set(name, String(ms));
  }
  let transporter: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transporter ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(address.toString()));
      const info = await (await transporter).sendMail(message(mail));
      return `smtp: ${info.response}`;
    },
    // A transporter that never opened (nodemailer failed to load: that send already failed) has nothing to close.
    close: () => void transporter?.then((opened) => opened.close(), () => {}),
  };
}

/** The folder of the .eml files. */
export const mailFolder = (dataDir: string) => path.join(dataDir, 'mail');

export const emlName = (id: number) => `${String(id).padStart(8, '0')}.eml`;

async function buildEml(mail: OutgoingMail): Promise<Buffer> {
  const builder = (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await builder.sendMail(message(mail));
  return info.message as Buffer;
}

function emlTransport(folder: string): MailTransport {
  return {
    async send(mail) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, emlName(mail.id));
      // Written whole or not at all: a half-written file never looks like a message.
      await writeFile(`${file}.part`, await buildEml(mail), { mode: 0o600 });
      await rename(`${file}.part`, file);
      return file;
    },
    close() {},
  };
}

/** The messages "sent" by an app whose data folder is in memory (tests), by outbox id. */
export class MemoryMailbox implements MailTransport {
  readonly messages = new Map<number, Buffer>();
  async send(mail: OutgoingMail) {
    this.messages.set(mail.id, await buildEml(mail));
    return `memory: ${emlName(mail.id)}`;
  }
  close() {}
}

export function createTransport(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR'>): MailTransport {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  if (config.DATA_DIR.includes('://')) return new MemoryMailbox();
  return emlTransport(mailFolder(config.DATA_DIR));
}

/** The .eml files of a data folder, oldest first (npm run portal -- mail:list). */
export async function listEmlFiles(dataDir: string): Promise<string[]> {
  const names = await readdir(mailFolder(dataDir)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((name) => name.endsWith('.eml')).sort();
}

export const readEml = (dataDir: string, name: string) => readFile(path.join(mailFolder(dataDir), path.basename(name)));
