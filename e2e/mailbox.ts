/**
 * The journeys' mailbox: a real SMTP server (smtp-server) the e2e run starts and the portal sends to (SMTP_URL), so
 * the mail goes the way it goes in production. Every message it accepts is kept as an .eml file in a folder, written
 * whole (a temporary name, then renamed) so a test never reads half a message; `mailedLink` finds a link in them.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  url: string;
  close(): Promise<void>;
}

/** Starts the SMTP server on a free port of 127.0.0.1; each accepted message becomes `folder/NNNNNN.eml`. */
export async function startMailbox(folder: string): Promise<Mailbox> {
  mkdirSync(folder, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        try {
          received += 1;
          const name = `${String(received).padStart(6, '0')}.eml`;
          writeFileSync(path.join(folder, `${name}.part`), Buffer.concat(chunks));
          renameSync(path.join(folder, `${name}.part`), path.join(folder, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The link matching `link` in the newest message whose subject begins with `subject` to this address, waiting for the
 * message until `expect.poll`'s limit. Path and hash only: PUBLIC_URL is not set for the e2e server (its port is
 * chosen at start).
 */
export async function mailedLink(address: string, subject: string, link: RegExp): Promise<string> {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set: run through playwright with e2e/global-setup.ts');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        let names: string[];
        try {
          names = readdirSync(folder).filter((name) => name.endsWith('.eml')).sort().reverse();
        } catch {
          return false;
        }
        for (const name of names) {
          const mail = await simpleParser(readFileSync(path.join(folder, name)));
          const to = [mail.to ?? []].flat().flatMap((entry) => entry.value.map((value) => value.address));
          if (mail.subject?.startsWith(subject) && to.includes(address)) {
            found = link.exec(mail.text ?? '')?.[0];
            if (found) return true;
          }
        }
        return false;
      },
      { message: `a mail «${subject}» to ${address} in ${folder}` },
    )
    .toBe(true);
  const url = new URL(found!);
  return `${url.pathname}${url.hash}`;
}
