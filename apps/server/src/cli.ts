/** The operators' command line: `npm run portal -- <command>`. */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { createStorage } from './lib/storage';

const commands: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
  seed: {
    help: 'seed                 add the demo data (idempotent: existing rows are kept)',
    run: async () => {
      const config = loadConfig();
      const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      try {
        await seedDemo({ db: database.db, storage: createStorage(config.DATA_DIR), products: config.SEED_PRODUCTS, log: console.log });
      } finally {
        await database.close();
      }
    },
  },
};

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(`Usage: npm run portal -- <command>\n\n${Object.values(commands).map((c) => `  ${c.help}`).join('\n')}`);
    process.exit(name ? 1 : 0);
  }
  await command.run(args);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
