/** A real SMTP server for tests (smtp-server), keeping every message it accepts, parsed (mailparser). */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Messages to one address. */
  to(address: string): ParsedMail[];
  /** Stops listening (the port stays the same for start()). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  let server = create();
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const chosen = await listen(port);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `smtp://127.0.0.1:${chosen}`,
    port: chosen,
    messages,
    to: (address) => messages.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === address))),
    stop,
    async start() {
      server = create();
      await listen(chosen);
    },
    close: stop,
  };
}
