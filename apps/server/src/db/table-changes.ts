/**
 * Tells a watcher that a statement may have changed one of its tables: what lets a copy of some rows kept in memory
 * (the sessions of signed-in users, see the auth module) stay exact on the embedded database.
 *
 * The embedded database is opened by one process only (the data directory is locked, client.ts), so every statement
 * that changes it passes through this process's statement client, which shows each one's text here. A statement that
 * is not a plain read and names a watched table (a foreign key's ON DELETE CASCADE included: it names the table it
 * starts from, so that table is watched too) calls the watcher twice: when it is asked for, and when its answer is
 * back, before its caller sees it. A copy filled by a read that ran before the change is so dropped by the second
 * call at the latest, and the request that made the change answers only after that. On PostgreSQL other processes may
 * write: there is no watch there, and nothing may be kept.
 */
export interface TableChanges {
  /** Calls `onChange` for every statement that may change one of `tables`; answers how to stop. */
  watch(tables: readonly string[], onChange: () => void): () => void;
}

/** What the statement client calls with each statement's text; a function when the statement may change a table. */
export type StatementWatch = (text: string) => (() => void) | undefined;

/**
 * The schema's functions that write when a select calls them, with the tables they write, which their call does not
 * name: place_new_orders (migration 0011) writes orders, their lines and checks, and takes stock from offers (its
 * triggers write the order's mail events, timeline and audit, which nothing keeps). Taken for a read, a call left a
 * kept product search showing the stock before an order took it: an edit then offered stock that was gone.
 */
const WRITING_FUNCTIONS: ReadonlyArray<{ call: RegExp; writes: string }> = [
  { call: /\bplace_new_orders\s*\(/i, writes: 'orders order_lines order_checks offers' },
];
/**
 * A select that cannot write: no data-changing command anywhere in it, nor a call of a writing function above (which names their tables). A
 * `with` query counts too when none of its parts writes (product search's article query is one: taken for a write, it
 * dropped the memories it read into).
 */
const PLAIN_READ = /^\s*(\/\*[^]*?\*\/\s*)*(select|with)\b/i;
const WRITING = /\b(insert|update|delete|truncate|merge)\b/i;
/** A row lock (an order's context locks its offers) changes nothing: not a write. */
const ROW_LOCK = /\bfor\s+(no\s+key\s+)?update\b/gi;

export function tableChanges(): TableChanges & { statement: StatementWatch } {
  const watchers = new Set<{ names: RegExp; onChange: () => void }>();
  return {
    watch(tables, onChange) {
      const watcher = { names: new RegExp(`\\b(${tables.join('|')})\\b`, 'i'), onChange };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    statement(text) {
      const written = WRITING_FUNCTIONS.filter((writer) => writer.call.test(text)).map((writer) => writer.writes);
      if (watchers.size === 0 || (written.length === 0 && PLAIN_READ.test(text) && !WRITING.test(text.replace(ROW_LOCK, '')))) return undefined;
      const named = written.length === 0 ? text : `${text} ${written.join(' ')}`;
      const touched = [...watchers].filter((watcher) => watcher.names.test(named));
      if (touched.length === 0) return undefined;
      for (const watcher of touched) watcher.onChange();
      return () => {
        for (const watcher of touched) watcher.onChange();
      };
    },
  };
}
