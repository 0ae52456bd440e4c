/**
 * Orders benchmark (`npm run bench:orders`): 200 concurrent clients order the same 10 scarce items (100 units each)
 * through the real HTTP server, some requests retried with the same Idempotency-Key (as after a lost answer).
 * Prints orders/s and latency percentiles, then checks that exactly 1,000 units were taken from stock, none went
 * below zero and no order was duplicated. Then the invoice PDF of a 50-line order: p95 over repeated prints.
 * PGlite in memory by default; PostgreSQL (a scratch database) when DATABASE_URL is set.
 */
import { performance } from 'node:perf_hooks';
import { ORGANISATION } from '@portal/domain';
import { inArray, sql } from 'drizzle-orm';
import { offers, orderLines, orders } from '../apps/server/src/db/schema';
import { DEMO_PARTNERS } from '../apps/server/src/db/seed/people';
import { createTestApp, signInAs } from '../apps/server/test/helper';
import { insertProduct } from '../apps/server/test/orders-fixtures';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const ORDERS_PER_CLIENT = Number(process.env.BENCH_ORDERS_PER_CLIENT ?? 5);
const ITEMS = 10;
const UNITS_PER_ITEM = 100;
/** Share of orders whose request is sent twice with the same key. */
const RETRY_SHARE = 0.2;
const INVOICE_RUNS = Number(process.env.BENCH_INVOICE_RUNS ?? 60);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// A fixed pseudo-random sequence so runs are comparable.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

async function main() {
  const started = performance.now();
  const t = await createTestApp({ LOG_LEVEL: 'silent', SEED_PRODUCTS: '0' });
  const kind = t.app.database.kind;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const auth = await signInAs(t.app, 'demo');
  console.log(`orders benchmark on ${kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'} · ${CLIENTS} clients × ${ORDERS_PER_CLIENT} orders · ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const scarce = await Promise.all(
    Array.from({ length: ITEMS }, (_, i) =>
      insertProduct(t.app.db, { name: `Дефицитный товар ${i + 1}`, priceOpt: 500 + i * 10, offers: [{ characteristic: 'U', residue: UNITS_PER_ITEM, orgGuid: i % 2 ? ORGANISATION.ES : ORGANISATION.FRO }] }),
    ),
  );
  const offerGuids = scarce.map((product) => product.offers[0]!.guid);

  const body = () => ({
    partner_id: DEMO_PARTNERS.SPECSNAB,
    delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' },
    position: scarce
      .filter(() => random() < 0.6)
      .map((product) => ({
        guid: product.uid,
        characteristics: [{ guid: product.offers[0]!.guid, orgguid: product.offers[0]!.orgGuid, quantity: 1 + Math.floor(random() * 3), price: 0, fullprice: 0, discount: 0 }],
      })),
  });

  const latencies: number[] = [];
  const answers = new Map<string, number[]>();
  let failures = 0;
  const post = async (key: string, payload: string) => {
    const begin = performance.now();
    const response = await fetch(`${address}/api/order/add`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
      body: payload,
    });
    const json = (await response.json()) as { response: { id: number } | null };
    latencies.push(performance.now() - begin);
    if (response.status !== 200 || !json.response) {
      failures += 1;
      return;
    }
    answers.set(key, [...(answers.get(key) ?? []), json.response.id]);
  };

  let requests = 0;
  const client = async (c: number) => {
    for (let i = 0; i < ORDERS_PER_CLIENT; i++) {
      const key = `bench-${c}-${i}`;
      let order = body();
      while (order.position.length === 0) order = body();
      const payload = JSON.stringify(order);
      const retried = random() < RETRY_SHARE;
      requests += retried ? 2 : 1;
      // A retry races the first attempt, as when a client times out and sends again.
      await Promise.all(retried ? [post(key, payload), post(key, payload)] : [post(key, payload)]);
    }
  };
  const load = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (performance.now() - load) / 1000;
  const unique = answers.size;

  // Checks.
  const ids = [...answers.values()];
  const duplicatedAnswers = ids.filter((list) => new Set(list).size > 1).length;
  const distinctOrders = new Set(ids.map((list) => list[0])).size;
  const [stored] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.idempotencyKey} LIKE 'bench-%'`);
  const residues = await t.app.db.select({ residue: offers.residue }).from(offers).where(inArray(offers.guid, offerGuids));
  const [taken] = await t.app.db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(sql`${orderLines.presale} = false AND ${orders.idempotencyKey} LIKE 'bench-%'`);
  const [presale] = await t.app.db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(sql`${orderLines.presale} = true AND ${orders.idempotencyKey} LIKE 'bench-%'`);

  console.log(`\n${requests} requests (${requests - unique} retries with a reused key) in ${seconds.toFixed(2)} s`);
  console.log(`orders/s: ${(unique / seconds).toFixed(0)}   requests/s: ${(requests / seconds).toFixed(0)}`);
  console.log(`latency p50 ${ms(percentile(latencies, 50))} · p95 ${ms(percentile(latencies, 95))} · p99 ${ms(percentile(latencies, 99))} · max ${ms(Math.max(...latencies))}`);
  console.log(`stock taken: ${taken!.units} units (expected ${ITEMS * UNITS_PER_ITEM}); pre-sale: ${presale!.units} units; residues left: ${residues.map((r) => r.residue).join(', ')}`);
  console.log(`orders stored: ${stored!.n}, distinct answered: ${distinctOrders}, keys: ${unique}, keys answered with two numbers: ${duplicatedAnswers}, failed requests: ${failures}`);

  const problems: string[] = [];
  if (taken!.units !== ITEMS * UNITS_PER_ITEM) problems.push(`taken ${taken!.units} units instead of ${ITEMS * UNITS_PER_ITEM}`);
  if (residues.some((row) => row.residue !== 0)) problems.push('some stock is left or negative');
  if (stored!.n !== unique || distinctOrders !== unique || duplicatedAnswers > 0) problems.push('duplicated orders');
  if (failures > 0) problems.push(`${failures} failed requests`);

  // Invoice PDF of 50 lines.
  const big = await insertProduct(t.app.db, {
    name: 'Товар для счёта',
    priceOpt: 1234.56,
    offers: Array.from({ length: 50 }, (_, i) => ({ characteristic: `Р${i + 1}`, residue: 1000 })),
  });
  const invoiceOrder = await fetch(`${address}/api/order/add`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      partner_id: DEMO_PARTNERS.SPECSNAB,
      position: [{ guid: big.uid, characteristics: big.offers.map((offer) => ({ guid: offer.guid, orgguid: offer.orgGuid, quantity: 2, price: 0, fullprice: 0, discount: 0 })) }],
    }),
  });
  const invoiceId = ((await invoiceOrder.json()) as { response: { id: number } }).response.id;
  const printTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < INVOICE_RUNS + 5; i++) {
    const begin = performance.now();
    const response = await fetch(`${address}/api/order/print?id=${invoiceId}&name=invoice`, { headers: auth });
    const pdf = Buffer.from(await response.arrayBuffer());
    if (i >= 5) printTimes.push(performance.now() - begin); // the first prints warm up fonts and the JIT
    bytes = pdf.length;
    if (response.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') problems.push('invoice print failed');
  }
  const invoiceP95 = percentile(printTimes, 95);
  console.log(`\ninvoice PDF, 50 lines (${(bytes / 1024).toFixed(0)} KB): p50 ${ms(percentile(printTimes, 50))} · p95 ${ms(invoiceP95)} over ${INVOICE_RUNS} prints (target p95 ≤ 150 ms)`);

  await t.close();
  if (problems.length > 0) {
    console.error(`\nFAILED: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log('\nchecks passed: exact stock, never below zero, no duplicates');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
