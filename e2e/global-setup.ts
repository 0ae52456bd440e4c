/**
 * Builds the web app into a scratch folder, starts the real server on a free port with a fresh embedded database,
 * the demo data and the 1C exchange on, and tells the tests where it is (E2E_BASE_URL); the portal's mail goes to an
 * SMTP server started here, which keeps what it receives as .eml files in E2E_MAIL_DIR (mailbox.ts). Tears it all
 * down at the end.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Mailbox, startMailbox } from './mailbox';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const E2E_INTEGRATION_KEY = 'e2e-integration-key-0123456789';
/** The user 1C's «обмен с сайтом» signs in as (exchange-1c.spec.ts drives the exchange as 1C does). */
export const E2E_EXCHANGE_LOGIN = 'e2e-1c-exchange';
export const E2E_EXCHANGE_PASSWORD = 'e2e-1c-exchange-secret';
/** The 1C price types the exchange's offers carry: the dealer price and the list («Розничная») price. */
export const E2E_EXCHANGE_DEALER_PRICE = 'Оптовая';
export const E2E_EXCHANGE_LIST_PRICE = 'Розничная';

/** Ends a start-up that hangs; a slow one on a busy machine has all this time. */
const START_LIMIT_MS = 10 * 60_000;

export default async function globalSetup() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  let server: ChildProcess | undefined;
  let mailbox: Mailbox | undefined;
  // Whatever happens from here on, the server stops and the scratch folder goes: at teardown, or at once when the
  // start-up fails (Playwright runs no teardown for a global setup that threw).
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mailbox?.close();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const mailFolder = path.join(scratch, 'mailbox');
    mailbox = await startMailbox(mailFolder);
    const webDist = path.join(scratch, 'web');
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });

    // PORT=0: the system picks a free port, and the start banner names it. Waiting for the banner, not for a span of
    // time: the start-up takes what a busy machine needs; START_LIMIT_MS only ends one that hangs.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, 'data'),
        DATABASE_URL: '',
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '600',
        INTEGRATION_API_KEY: E2E_INTEGRATION_KEY,
        SMTP_URL: mailbox.url,
        EXCHANGE_LOGIN: E2E_EXCHANGE_LOGIN,
        EXCHANGE_PASSWORD: E2E_EXCHANGE_PASSWORD,
        EXCHANGE_DEALER_PRICE: E2E_EXCHANGE_DEALER_PRICE,
        EXCHANGE_LIST_PRICE: E2E_EXCHANGE_LIST_PRICE,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server = child;
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const limit = setTimeout(() => reject(new Error(`The portal server did not start within ${START_LIMIT_MS / 1000} s.`)), START_LIMIT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        output += chunk.toString();
        const match = /running at http:\/\/[^:\s]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(limit);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(limit);
        reject(new Error(`The portal server exited with code ${code} during start-up.`));
      });
    });
    process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
    process.env.E2E_INTEGRATION_KEY = E2E_INTEGRATION_KEY;
    process.env.E2E_MAIL_DIR = mailFolder;
    await createWorkerDealers(process.env.E2E_BASE_URL);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/**
 * The working order and drafts follow the user across browsers, so two journeys signed in as one dealer at once would
 * share an order. Each Playwright worker after the first signs in as a dealer of its own (fixtures.ts `workerDealer`),
 * a colleague of «demo» at the same two companies, created through the integration API as the ERP would.
 */
async function createWorkerDealers(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/integration/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': E2E_INTEGRATION_KEY },
    body: JSON.stringify(
      WORKER_DEALERS.slice(1).map((login) => ({
        login,
        password: 'demo1234',
        name: 'Иван',
        lastname: 'Соколов',
        partners: ['c0a80001-0000-4000-8000-000000000001', 'c0a80001-0000-4000-8000-000000000002'],
      })),
    ),
  });
  const text = await response.text();
  if (!response.ok || JSON.parse(text).response?.applied !== WORKER_DEALERS.length - 1) throw new Error(`Creating the workers' dealers failed: ${response.status} ${text}`);
}

/** The dealer each Playwright worker signs in as, by its parallel index. */
export const WORKER_DEALERS = ['demo', 'demo-w1', 'demo-w2', 'demo-w3'];

