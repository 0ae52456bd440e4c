/** The server's configuration, parsed from the environment once at start; a bad value stops start-up naming the variable. */
import { availableParallelism, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * Two connections per core, at least four: a connection is idle while its statement's answer travels and the server
 * prices the order, so one per core leaves the database's cores waiting; many more only queue inside PostgreSQL.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(4, 2 * cores);
}

/**
 * The embedded database's page cache (PostgreSQL's shared_buffers), in megabytes, when EMBEDDED_CACHE_MB is not set:
 * room for the whole database and half as much again for its growth (a database that fits is never read from its
 * files twice), at least 32, but never more than a quarter of the memory the process may use (`memoryBytes`: its
 * container's limit, else the machine's memory) nor 512. The cache is most of the process's memory — it used to be an
 * eighth of the machine's up to 1 GB whatever the data: 1.6 GB resident for the 3,000 demo products, now ~51 MB of
 * cache for their 34 MB. Read at start: a database grown much since gets a larger cache at the next start.
 */
export function defaultEmbeddedCacheMb(databaseBytes: number, memoryBytes = processMemoryLimit()): number {
  const wanted = Math.max(32, Math.ceil((databaseBytes * 1.5) / 2 ** 20));
  return Math.max(16, Math.min(wanted, 512, Math.floor(memoryBytes / 4 / 2 ** 20)));
}

/** The memory this process may use: its container's (cgroup) limit when it has one, else the machine's memory. */
export function processMemoryLimit(): number {
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < totalmem() ? constrained : totalmem();
}

const ZConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  /** Connections of the PostgreSQL pool, per server process (see defaultPoolSize). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(defaultPoolSize()),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** The embedded database's page cache in MB; unset, it is sized at start (defaultEmbeddedCacheMb). PostgreSQL's is set on its server. */
  EMBEDDED_CACHE_MB: optionalText.pipe(z.coerce.number<string | undefined>().int().min(16, 'must be at least 16').max(1024, 'must be at most 1024').optional()),
  AUTH_SALT: z.string().min(1).default('dealer-portal'),
  SESSION_TTL: z.coerce.number().int().positive('must be a positive number of seconds').default(12 * 3600),
  LATEST_CLIENT_VERSION: z.string().regex(/^\d+\.\d+\.\d+$/, 'must look like 0.4.6').default('0.4.6'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Human-readable log lines (development); JSON lines otherwise, for log collectors. */
  LOG_PRETTY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(2_000_000).default(3000),
  /** Orders (new ones and edits) a server process writes at once; more wait their turn (lib/admission.ts). */
  ORDERS_AT_ONCE: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(16),
  /** How long a name search keeps its list of matches (stock and prices are always read live); 0 turns it off. */
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How the catalogue's in-memory index learns of changes (modules/catalog/catalog-index-keeper.ts): `background` reads
   * the change markers every CATALOG_INDEX_REFRESH_SECONDS and rebuilds behind the requests; `on-request` reads them
   * before every catalogue page and rebuilds first (exact at once, but a busy shop would rebuild stock all the time).
   */
  CATALOG_INDEX_REFRESH: z.enum(['background', 'on-request']).default('background'),
  CATALOG_INDEX_REFRESH_SECONDS: z.coerce.number().min(0.1, 'must be at least 0.1').max(3600).default(5),
  /**
   * How often the server refreshes the planner's statistics of grown tables where nothing else does — the embedded
   * engine, or PostgreSQL with autovacuum off (db/statistics.ts); also once at start. 0 turns it off.
   */
  STATISTICS_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  /** Comma-separated origins allowed to open the realtime socket and call the API from a browser; empty = same host only. */
  ALLOWED_ORIGINS: optionalText.transform((value) => (value ? value.split(',').map((o) => o.trim()).filter(Boolean) : [])),
  INTEGRATION_API_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  INTERNAL_TOOLS_URL: optionalText.pipe(z.url('must be a URL').optional()),
  ADDRESS_SUGGEST_URL: optionalText.pipe(z.url('must be a URL').optional()),
  ADDRESS_SUGGEST_TOKEN: optionalText,
  /** Bearer token of the Prometheus endpoint /metrics; unset turns the endpoint off. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** The SMTP server mail goes through (smtp://user:pass@host:587, smtps://…); unset writes .eml files into DATA_DIR/mail. */
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.string().min(3).default('Портал дилера <portal@localhost>'),
  /** The portal's address as dealers open it: links in e-mail point here. */
  PUBLIC_URL: z.url('must be a URL').default('http://127.0.0.1:8000'),
  /** How often the mail sender looks for due messages (a new message is also sent at once); 0 = only when asked (tests). */
  MAIL_SEND_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** How long a sent or failed message is kept in the outbox (for an operator's questions) before it is deleted. */
  MAIL_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How long the record of who did what (a company's journal) is kept before it is deleted. */
  AUDIT_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /**
   * The 1C exchange (CommerceML 2, modules/exchange-1c): its address, and the exchange user's login and password that
   * 1C sends by Basic authentication. Without a login and a password the exchange is off and its address answers 404.
   */
  EXCHANGE_PATH: z.string().regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be a path such as /api/1c/exchange').default('/api/1c/exchange'),
  EXCHANGE_LOGIN: optionalText,
  EXCHANGE_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  /** The largest chunk 1C may send in one `file` call (answered to `init` as file_limit), in MB. */
  EXCHANGE_FILE_LIMIT_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /** The most a zip from 1C may unpack to, in MB, all its files together: more is refused as a zip bomb. */
  EXCHANGE_UNZIPPED_LIMIT_MB: z.coerce.number().int().min(1).max(65536).default(4096),
  /** How long one `import` call works before answering `progress` (1C calls again); 0 answers at once. */
  EXCHANGE_STEP_SECONDS: z.coerce.number().min(0).max(600).default(20),
  /** Which 1C price type (its Ид or name) is the dealer price (PRICE_OPT and the offers' prices); unset: the only one sent. */
  EXCHANGE_DEALER_PRICE: optionalText,
  /** Which 1C price type is the list (retail) price (PRICE); unset: the dealer price type's. */
  EXCHANGE_LIST_PRICE: optionalText,
  /** Which 1C price type is the base price: the portal derives it from list and dealer, so it is read only to be checked. */
  EXCHANGE_BASE_PRICE: optionalText,
  /** The warehouses (Ид or names, comma-separated) whose stock is summed into an offer's stock; unset: all. */
  EXCHANGE_WAREHOUSES: optionalText.transform((value) => (value ? value.split(',').map((w) => w.trim()).filter(Boolean) : [])),
  /** The organisation (org_guid) that ships the offers 1C sends; unset: the first of the portal's organisations. */
  EXCHANGE_ORGANISATION: optionalText,
});

export type Config = z.infer<typeof ZConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // A relative folder means the folder the command was typed in: npm runs the server from apps/server, but keeps
  // the caller's folder in INIT_CWD.
  const base = env.INIT_CWD || process.cwd();
  return { ...parsed.data, DATA_DIR: resolveFolder(base, parsed.data.DATA_DIR), WEB_DIST: resolveFolder(base, parsed.data.WEB_DIST) };
}

/** An absolute path for a folder given on the command line; a URL-like value (memory://) stays as it is. */
export function resolveFolder(base: string, folder: string): string {
  return folder.includes('://') ? folder : path.resolve(base, folder);
}

/** A configuration for tests: in-memory database unless DATABASE_URL is set, quiet logs, a tiny catalogue. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    SEED_PRODUCTS: '300',
    DATA_DIR: 'memory://',
    // A test reads the catalogue right after it writes: the index catches up before answering, no timer to wait for.
    CATALOG_INDEX_REFRESH: 'on-request',
    // Mail is sent when a test asks (app.mail.runOnce()), never behind its back.
    MAIL_SEND_INTERVAL_SECONDS: '0',
    // Statistics change only when a test analyses (its plans must not depend on a round behind its back).
    STATISTICS_CHECK_SECONDS: '0',
    DATABASE_URL: process.env.DATABASE_URL,
    ...overrides,
  });
}
