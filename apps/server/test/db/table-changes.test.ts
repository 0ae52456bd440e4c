/**
 * The watch that keeps the embedded database's kept sessions exact (db/table-changes.ts): which statements count as
 * possible changes of a watched table, and that one is told both when it is asked for and when it is answered.
 */
import { describe, expect, it } from 'vitest';
import { tableChanges } from '../../src/db/table-changes';

function watched() {
  const changes = tableChanges();
  let calls = 0;
  changes.watch(['sessions', 'users', 'user_partners'], () => calls++);
  return { changes, calls: () => calls };
}

describe('table changes', () => {
  it('a plain read, or a write of another table, tells nothing', () => {
    const { changes, calls } = watched();
    expect(changes.statement('select s.token_hash from sessions s join users u on u.id = s.user_id')).toBeUndefined();
    expect(changes.statement('/* generic plan */ select * from "users" where id = $1')).toBeUndefined();
    // A `with` query that writes nothing (product search's article query is one).
    expect(changes.statement('/* generic plan */ with found as (select id from users where login = $1) select * from found')).toBeUndefined();
    expect(changes.statement('insert into "orders" ("partner_id", "user_id") values ($1, $2)')).toBeUndefined();
    // An order's context: it locks offers and reads the company and its contracts, it changes none of them.
    expect(changes.statement('select (select 1 from user_partners up) as partner, (select * from offers order by id for update) as o')).toBeUndefined();
    // `user_id` and `partner_users` are not the watched tables' names.
    expect(changes.statement('update order_lines set partner_users = 1 where user_id = $1')).toBeUndefined();
    expect(calls()).toBe(0);
  });

  it('a write naming a watched table tells the watcher when sent and again when answered', () => {
    const { changes, calls } = watched();
    for (const text of [
      'update "sessions" set "revoked_at" = $1 where "token_hash" = $2',
      'delete from "user_partners" where "partner_id" = $1',
      'with ended as (update sessions set revoked_at = now() returning 1) select count(*) from ended',
      'truncate users cascade',
      'select 1 from users; delete from users where id = 1',
    ]) {
      const before = calls();
      const answered = changes.statement(text);
      expect(calls(), text).toBe(before + 1);
      answered!();
      expect(calls(), text).toBe(before + 2);
    }
  });

  it('a call of a function that writes tells the watchers of the tables it writes, not the others', () => {
    const changes = tableChanges();
    const told = { offers: 0, sessions: 0 };
    changes.watch(['products', 'offers'], () => told.offers++);
    changes.watch(['sessions', 'users'], () => told.sessions++);
    // Placing orders takes stock from offers without naming them.
    changes.statement('select place_new_orders($1::jsonb) as answers')!();
    expect(told).toEqual({ offers: 2, sessions: 0 });
  });

  it('a watcher that stopped is not told', () => {
    const changes = tableChanges();
    let calls = 0;
    const stop = changes.watch(['users'], () => calls++);
    stop();
    expect(changes.statement('update users set blocked = true')).toBeUndefined();
    expect(calls).toBe(0);
  });
});
