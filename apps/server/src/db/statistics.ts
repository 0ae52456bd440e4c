/**
 * The planner's statistics and the dead rows of tables that grew, kept where nothing else keeps them (autovacuum's
 * work): the embedded engine has no autovacuum, and a PostgreSQL cluster may run with it off. Stale statistics made the order history's filtered
 * pages read every order of a status and sort them: with the statistics of an empty `orders` the planner expects a
 * few hundred rows where tens of thousands are (docs/performance.md, mixed load, «How to read it»).
 *
 * A table is analysed by autovacuum's own rule — more rows changed since its statistics than 50 and a tenth of the
 * rows it had then — or when its files grew by more than a tenth since (the change counters of the embedded engine
 * start from zero at every start; its files' size does not).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client';

/**
 * Analyses the public tables grown past the rule since their statistics; answers their names. Stops before the next
 * table once `holdOff` answers true (the rest are grown still: the next round takes them).
 */
export async function refreshGrownStatistics(db: Database['db'], holdOff: () => boolean = () => false): Promise<string[]> {
  const grown = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
      where n.nspname = 'public' and c.relkind = 'r'
        and (coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0)
          or pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages * 1.1, c.relpages + 8))
      order by c.relname`),
  );
  // One table a statement: the embedded engine answers other requests between them. VACUUM as well as ANALYZE: where
  // nothing analyses, nothing vacuums either, and the dead rows of every order's stock change pile up — a kept
  // 1,000,000-product embedded database after some 45,000 orders answered the mixed load at twice its p50 and p95
  // until it was vacuumed (docs/performance.md, mixed load).
  const done: string[] = [];
  for (const { name } of grown) {
    if (holdOff()) break;
    await db.execute(sql.raw(`vacuum analyze "${name.replace(/"/g, '""')}"`));
    done.push(name);
  }
  return done;
}

/** Whether this database leaves statistics to the server: the embedded engine always, PostgreSQL with autovacuum off. */
export async function statisticsAreOurs(database: Database): Promise<boolean> {
  if (database.kind === 'pglite') return true;
  const [row] = rowsOf<{ setting: string }>(await database.db.execute(sql`select current_setting('autovacuum') as setting`));
  return row?.setting !== 'on';
}

/**
 * Refreshes grown tables' statistics at start and then every `intervalSeconds`, one round at a time, behind the
 * requests: the first round is not awaited by the start, where a big table's ANALYZE on a busy machine could pass
 * the start's time limit (a few hundred ms for the orders of a big dealer; the catalogue's index takes longer).
 */
export class StatisticsKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  /**
   * `holdOff`: while it answers true no round starts and a round under way stops before its next table — a 1C
   * package's apply (`CatalogIndex.packageUnderWay`), during which catalogue pages read the embedded database between
   * the short statements of the cards' read, and a VACUUM of the million offers held them for a second or more (issue
   * 40, docs/performance.md, «1C exchange»). The skipped tables are taken by the next round.
   */
  constructor(
    private readonly database: Database,
    private readonly log: { info(object: object, message: string): void; error(object: object, message: string): void },
    private readonly holdOff: () => boolean = () => false,
  ) {}

  async start(intervalSeconds: number): Promise<void> {
    if (intervalSeconds <= 0 || !(await statisticsAreOurs(this.database))) return;
    this.timer = setInterval(() => void this.round(), intervalSeconds * 1000);
    this.timer.unref();
    void this.round();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async round(): Promise<void> {
    if (this.closed || this.running || this.holdOff()) return;
    const began = performance.now();
    this.running = refreshGrownStatistics(this.database.db, this.holdOff)
      .then((tables) => {
        if (tables.length > 0) this.log.info({ tables, ms: Math.round(performance.now() - began) }, 'statistics refreshed');
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'statistics not refreshed; tried again later'))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }
}
