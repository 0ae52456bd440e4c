/** Starts the portal: one process serving the SPA, the API and the realtime socket on one port. */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { DataDirUnwritableError, ensureWritableDataDir } from './lib/data-dir';
import { DataDirNotPrivateError, describeRepair, keepNewFilesPrivate, makeDataDirPrivate } from './lib/private-files';

async function main() {
  keepNewFilesPrivate();
  const config = loadConfig();
  await ensureWritableDataDir(config.DATA_DIR);
  const repaired = describeRepair(config.DATA_DIR, await makeDataDirPrivate(config.DATA_DIR));
  if (repaired) console.warn(repaired);

  // Handlers go in before start-up: a signal during migration or seeding waits for that step, then closes cleanly.
  const starting = buildApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests`);
    // A stuck request must not keep the process alive forever.
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await (await starting).close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const app = await starting;
  if (stopping) return;
  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  // The port really listened on: PORT=0 lets the system pick one.
  const { port } = app.server.address() as AddressInfo;
  console.log(
    `\n  Dealer portal is running at http://${shownHost}:${port}\n` +
      `  Database: ${config.DATABASE_URL ? 'PostgreSQL' : `embedded (PGlite) in ${config.DATA_DIR}, page cache ${app.database.cacheMb} MB`}\n` +
      '  Demo sign-in: demo / demo1234 (also buyer, accountant and demo2 / demo1234; blocked / demo1234 is a blocked user)\n',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirUnwritableError || error instanceof DataDirNotPrivateError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
