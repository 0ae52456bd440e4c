/** The operators' command line: `npm run portal -- <command>`. */
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { loadConfig } from './config';
import { configuredDatabase, openDatabase } from './db/client';
import { seedDemo } from './seed';
import { boundedLogOptions } from './lib/log-redaction';
import { keepNewFilesPrivate } from './lib/private-files';
import { createStorage } from './lib/storage';
import { pino } from 'pino';
import { createRealtimeHub } from './lib/realtime';
import {
  INTEGRATION_KIND_NAMES,
  OperatorError,
  createUser,
  formatReport,
  importFile,
  resetPassword,
  setBlocked,
  setVat,
  vatTable,
  type IntegrationApp,
} from './modules/integration';
import { exchangeLogLines } from './modules/exchange-1c';
import { listEmlFiles, readEml } from './modules/mail';
import { backupCommand, moveCommand, restoreCommand, verifyCommand } from './modules/operations';

/**
 * The database and a realtime hub, as the integration code needs them. On PostgreSQL the hub publishes through
 * NOTIFY, so the running servers push what a command changes (a block closes the user's sockets) to their sockets.
 */
async function withIntegration(run: (app: IntegrationApp) => Promise<void>) {
  const config = loadConfig();
  const log = pino({ level: 'warn', ...boundedLogOptions });
  const database = await openDatabase(configuredDatabase(config));
  const realtime = await createRealtimeHub(database, config.DATABASE_URL, log);
  try {
    // The storage too: an import of document files (order-files) stores them where the server reads them.
    await run({ db: database.db, realtime, log, storage: createStorage(config.DATA_DIR) });
  } finally {
    await realtime.close();
    await database.close();
  }
}

/** `--name value` options and `--flag` switches; `--partner` may repeat. */
function parseOptions(args: string[]) {
  const positional: string[] = [];
  const options: Record<string, string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const next = args[i + 1];
    const value = inline ?? (next !== undefined && !next.startsWith('--') ? (i++, next) : 'true');
    (options[name] ??= []).push(value);
  }
  return { positional, one: (name: string) => options[name]?.at(-1), all: (name: string) => options[name] ?? [] };
}

function requireLogin(login: string | undefined, usage: string): string {
  if (!login) throw new OperatorError(`Укажите логин: ${usage}`);
  return login;
}

const printPassword = (login: string, result: { password: string; generated: boolean }) =>
  console.log(result.generated ? `Пароль пользователя ${login}: ${result.password}\nПередайте его пользователю: он показан один раз.` : `Пароль пользователя ${login} задан.`);

const commands: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
  seed: {
    help: 'seed                 add the demo data (idempotent: existing rows are kept)',
    run: async () => {
      const config = loadConfig();
      const database = await openDatabase(configuredDatabase(config));
      try {
        await seedDemo({ db: database.db, storage: createStorage(config.DATA_DIR), products: config.SEED_PRODUCTS, log: console.log });
      } finally {
        await database.close();
      }
    },
  },
  'user:create': {
    help: 'user:create <login> [--password P] [--name N] [--lastname L] [--email E] [--phone T] [--partner UID]... [--staff]\n' +
      '                       create a user (a password is generated and shown when not given)',
    run: async (args) => {
      const { positional, one, all } = parseOptions(args);
      const login = requireLogin(positional[0], 'user:create <login>');
      await withIntegration(async (app) => {
        const partners = all('partner');
        const result = await createUser(app, login, {
          password: one('password'),
          name: one('name'),
          lastname: one('lastname'),
          email: one('email'),
          phone: one('phone'),
          partners: partners.length ? partners : undefined,
          staff: one('staff') === 'true' ? true : undefined,
        });
        console.log(`Пользователь ${login} создан.`);
        printPassword(login, result);
      });
    },
  },
  'user:password': {
    help: 'user:password <login> [--password P]\n' +
      '                       set a new password (generated when not given); ends the user\'s sessions',
    run: async (args) => {
      const { positional, one } = parseOptions(args);
      const login = requireLogin(positional[0], 'user:password <login>');
      await withIntegration(async (app) => printPassword(login, await resetPassword(app, login, one('password'))));
    },
  },
  'user:block': {
    help: 'user:block <login>   block a user: sessions end at once, sign-in leads to /blocked',
    run: async (args) => {
      const login = requireLogin(parseOptions(args).positional[0], 'user:block <login>');
      await withIntegration(async (app) => setBlocked(app, login, true));
      console.log(`Пользователь ${login} заблокирован.`);
    },
  },
  'user:unblock': {
    help: 'user:unblock <login> unblock a user',
    run: async (args) => {
      const login = requireLogin(parseOptions(args).positional[0], 'user:unblock <login>');
      await withIntegration(async (app) => setBlocked(app, login, false));
      console.log(`Пользователь ${login} разблокирован.`);
    },
  },
  import: {
    help: `import <kind> <file.json|file.csv>\n                       import a file as the integration API would; kinds: ${INTEGRATION_KIND_NAMES.join(', ')}`,
    run: async (args) => {
      const [kind, file] = parseOptions(args).positional;
      if (!kind || !file) throw new OperatorError(`Укажите вид данных и файл: import <kind> <file.json|file.csv>. Виды: ${INTEGRATION_KIND_NAMES.join(', ')}.`);
      await withIntegration(async (app) => {
        const report = await importFile(app, kind, file);
        console.log(formatReport(report));
        // Exit code 2: the file was read, but some items were refused (scripts can tell it from a failure, 1).
        if (report.refused > 0) process.exitCode = 2;
      });
    },
  },
  'vat:list': {
    help: 'vat:list             the VAT table: each seller\'s rates by the day they take effect',
    run: async () => withIntegration(async (app) => console.log(await vatTable(app))),
  },
  'vat:set': {
    help: 'vat:set <seller> <YYYY-MM-DD> <percent|none>\n' +
      '                       set a seller\'s VAT from a day (seller: general, an organisation guid or a dealer company uid;\n' +
      '                       none: the seller charges no VAT); documents dated from that day print it',
    run: async (args) => {
      const [seller, from, percent] = parseOptions(args).positional;
      if (!seller || !from || !percent) throw new OperatorError('Укажите продавца, дату и ставку: vat:set <продавец> <ГГГГ-ММ-ДД> <процент|none>, например vat:set general 2026-01-01 22.');
      await withIntegration(async (app) => console.log(await setVat(app, seller, from, percent)));
    },
  },
  'exchange:log': {
    help: 'exchange:log [--last N] [--reasons M]\n' +
      '                       the latest packages of the 1C exchange (newest first): counts created, changed, unchanged\n' +
      '                       and refused, and the reasons (the first M of each package)',
    run: async (args) => {
      const { one } = parseOptions(args);
      const last = Number(one('last') ?? 20);
      const reasons = Number(one('reasons') ?? 10);
      if (!Number.isInteger(last) || last < 1 || !Number.isInteger(reasons) || reasons < 0) {
        throw new OperatorError('--last: целое число от 1, --reasons: целое число от 0; например exchange:log --last 5 --reasons 20.');
      }
      await withIntegration(async (app) => console.log((await exchangeLogLines(app.db, last, reasons)).join('\n')));
    },
  },
  'mail:list': {
    help: 'mail:list            the e-mail written as .eml files into DATA_DIR/mail (when SMTP_URL is unset), oldest first',
    run: async () => {
      const { DATA_DIR } = loadConfig();
      const files = await listEmlFiles(DATA_DIR);
      if (files.length === 0) console.log(`Писем нет (папка ${path.join(DATA_DIR, 'mail')}).`);
      for (const file of files) {
        const mail = await simpleParser(await readEml(DATA_DIR, file));
        console.log(`${file}  ${mail.date?.toISOString() ?? ''}  ${[mail.to ?? []].flat().map((to) => to.text).join(', ')}  ${mail.subject ?? ''}`);
      }
    },
  },
  'mail:show': {
    help: 'mail:show <file.eml> print one message written by the portal (its plain-text part and headers)',
    run: async (args) => {
      const name = parseOptions(args).positional[0];
      if (!name) throw new OperatorError('Укажите файл письма: mail:show 00000001.eml (список: mail:list).');
      const raw = await readEml(loadConfig().DATA_DIR, name).catch(() => {
        throw new OperatorError(`Письмо ${name} не найдено: посмотрите список командой mail:list.`);
      });
      console.log(await showEml(raw));
    },
  },
  backup: {
    help: 'backup [FILE]        back up the embedded database and the uploaded files into one .tar.gz, also while the portal runs',
    run: async (args) => {
      console.log(await backupCommand(loadConfig().DATA_DIR, parseOptions(args).positional[0]));
    },
  },
  verify: {
    help: 'verify FILE          check a backup without restoring it (checksums, manifest, the database opens)',
    run: async (args) => {
      const file = parseOptions(args).positional[0];
      if (!file) throw new OperatorError('Укажите файл копии: verify ФАЙЛ.');
      console.log(await verifyCommand(fromCaller(file)));
    },
  },
  restore: {
    help: 'restore FILE [DATA_DIR]\n                       restore a backup into an empty or new folder (DATA_DIR by default)',
    run: async (args) => {
      const [file, dataDir] = parseOptions(args).positional;
      if (!file) throw new OperatorError('Укажите файл копии: restore ФАЙЛ [ПАПКА].');
      console.log(await restoreCommand(fromCaller(file), dataDir ? fromCaller(dataDir) : loadConfig().DATA_DIR));
    },
  },
  'move-to-postgres': {
    help: 'move-to-postgres DATABASE_URL [--files FOLDER]\n' +
      '                       copy the embedded database into an empty PostgreSQL database (the portal stopped);\n' +
      '                       uploaded files stay in DATA_DIR or are copied to FOLDER/files',
    run: async (args) => {
      const { positional, one } = parseOptions(args);
      const url = positional[0];
      if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new OperatorError('Укажите адрес базы PostgreSQL: move-to-postgres postgres://… [--files ПАПКА].');
      console.log(await moveCommand(loadConfig().DATA_DIR, url, one('files')));
    },
  },
};

/** A path as the operator typed it: relative to the folder the command ran from (npm keeps it in INIT_CWD). */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD || process.cwd(), file);

/** The headers a reader wants and the plain-text part of a message. */
async function showEml(raw: Buffer): Promise<string> {
  const mail = await simpleParser(raw);
  return [`От: ${mail.from?.text ?? ''}`, `Кому: ${[mail.to ?? []].flat().map((to) => to.text).join(', ')}`, `Дата: ${mail.date?.toISOString() ?? ''}`, `Тема: ${mail.subject ?? ''}`, '', mail.text ?? ''].join('\n');
}

async function main() {
  keepNewFilesPrivate();
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
