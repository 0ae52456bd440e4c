/**
 * Prints the demo data of a seeded database in a stable order, to compare two seeds' results with diff (a change of
 * how the seed writes must not change what it writes). Usage, after `DATA_DIR=<dir> npm run seed`:
 *   DATA_DIR=<dir> npx tsx scripts/demo-dump.ts > demo.txt
 * What differs legitimately between two runs is masked: serial ids of rows the demo refers to by other keys, storage
 * keys (file names; a stored file is shown by its content's sha256 instead, so the same pictures, certificates and
 * documents compare equal wherever they are stored), hashes, the random guids the portal gives checks, shipments and claims (named by their
 * order and organisation, or their table and id, instead), and moments of the run itself (within a day of now: «NOW»). Dates in the past are
 * printed as they are, so a past date that became today shows.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { configuredDatabase, openDatabase, rowsOf } from '../src/db/client';
import { createStorage } from '../src/lib/storage';

const TABLES = [
  'users', 'partners', 'user_partners', 'storages', 'storage_documents', 'managers', 'price_types', 'catalog_groups',
  'products', 'offers', 'product_images', 'certificates', 'news', 'showcase_cases',
  'orders', 'order_lines', 'order_checks', 'order_documents', 'order_timeline', 'order_approvals', 'order_edits',
  'files', 'delivery_addresses', 'shipments', 'shipment_files', 'claims', 'claim_files', 'claim_status_history',
  'notifications', 'mail_events', 'mail_outbox', 'audit_records', 'exchange_1c_order_handouts',
];
/**
 * Rows whose order of writing is no part of the demo (a history's entries are read by their moment): in the order
 * they are read, their serial ids left out.
 */
const READ_ORDER: Record<string, string> = {
  order_timeline: 'order_id, at, id',
  claim_status_history: 'claim_id, at, id',
  // A product's pictures and certificates are its list: the order products get theirs in is the loader's business.
  product_images: 'product_id, sort, id',
  certificates: 'product_id, id',
};
/** Rows the portal gives a random guid: named by their table and id instead. */
const RANDOM_GUIDS = new Set(['shipments', 'claims']);
/** Columns whose values differ between any two runs. */
const MASKED = new Set(['password', 'password_hash', 'token_hash', 'request_hash', 'name_key', 'article_key']);

const config = loadConfig();
const database = await openDatabase(configuredDatabase(config));
const storage = createStorage(config.DATA_DIR);
/** A stored file by what it holds: its key is the storage's business, its bytes are the demo's. */
const checksums = new Map<string, string>();
const contentOf = async (key: unknown): Promise<string> => {
  if (typeof key !== 'string') return String(key);
  let sum = checksums.get(key);
  if (sum === undefined) {
    const bytes = await storage.get(key);
    sum = bytes ? `sha256:${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}` : 'MISSING';
    checksums.set(key, sum);
  }
  return sum;
};
const now = Date.now();
const show = (value: unknown): unknown => {
  if (value instanceof Date) return Math.abs(value.getTime() - now) < 86_400_000 ? 'NOW' : value.toISOString();
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d/.test(value)) return show(new Date(value));
  if (Array.isArray(value)) return value.map(show);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, show(v)]));
  return value;
};
/** The catalogue's products are dated days before the seed's run (novelty): shown as how many days. */
const daysAgo = (value: unknown) => `${Math.round((now - new Date(String(value instanceof Date ? value.toISOString() : value)).getTime()) / 86_400_000)} days ago`;
try {
  const lines: string[] = [];
  for (const table of TABLES) {
    const rows = rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(`select * from ${table} order by ${READ_ORDER[table] ?? '1'}`)));
    for (const row of rows) {
      if ('storage_key' in row) row.storage_key = await contentOf(row.storage_key);
      if (RANDOM_GUIDS.has(table)) row.guid = `${table}:${String(row.id)}`;
      if (READ_ORDER[table]) delete row.id;
    }
    lines.push(`## ${table} (${rows.length})`);
    for (const row of rows) {
      const shown = Object.fromEntries(
        Object.entries(row).map(([column, value]) => [column, MASKED.has(column) ? '*' : table === 'products' && column === 'created_at' ? daysAgo(value) : show(value)]),
      );
      lines.push(JSON.stringify(shown));
    }
  }
  const checks = rowsOf<{ guid: string; order_id: number; org_guid: string }>(await database.db.execute(sql`select guid, order_id, org_guid from order_checks`));
  let text = lines.join('\n');
  for (const check of checks) text = text.replaceAll(check.guid, `check:${check.order_id}:${check.org_guid.slice(0, 4)}`);
  console.log(text);
} finally {
  await database.close();
}
