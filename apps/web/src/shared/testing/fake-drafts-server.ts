/**
 * The server's drafts and working-order calls, in memory, behind a fetch spy: revisions as the real server keeps
 * them (a write names the revision it was made on, a stale one answers 409), orders given back with their keys
 * reordered as jsonb does, and a switch to go offline.
 */
import { blankOrder, type TDraft, type TSyncedWorkingOrder, type TWorkingOrderWire } from '@portal/contracts';
import { vi } from 'vitest';

/** A value as PostgreSQL's jsonb gives it back: the keys of every object reordered (shorter first, then by bytes). */
function asJsonb<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)))
        : item,
    ),
  ) as T;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (response: unknown) => json(200, { error: null, response });
const refused = (status: number, code: string, message: string) => json(status, { error: { code, message }, response: null });

export class FakeDraftsServer {
  working: TSyncedWorkingOrder = { revision: 0, order: blankOrder() as TWorkingOrderWire };
  drafts = new Map<number, TDraft>();
  online = true;
  requests: string[] = [];

  /** Another device stores the working order. */
  storeFromElsewhere(order: TWorkingOrderWire): TSyncedWorkingOrder {
    this.working = { revision: this.working.revision + 1, order: asJsonb(order) };
    return this.working;
  }

  install() {
    return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (!this.online) throw new TypeError('Failed to fetch');
      const url = new URL(String(input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      this.requests.push(`${method} ${url.pathname}`);
      return this.handle(method, url.pathname, body);
    });
  }

  private handle(method: string, path: string, body: Record<string, unknown>): Response {
    if (path === '/api/user/working-order' && method === 'GET') return ok(this.working);
    if (path === '/api/user/working-order' && method === 'PUT') {
      if (body.revision !== this.working.revision) return refused(409, 'CONFLICT', 'Заказ изменили на другом устройстве.');
      this.working = { revision: this.working.revision + 1, order: asJsonb(body.order as TWorkingOrderWire) };
      return ok(this.working);
    }
    if (path === '/api/user/drafts' && method === 'GET') return ok([...this.drafts.values()].sort((a, b) => b.id - a.id));
    if (path === '/api/user/drafts' && method === 'POST') {
      const draft = asJsonb({ ...(body as unknown as TWorkingOrderWire), revision: 1 });
      if (!this.drafts.has(draft.id)) this.drafts.set(draft.id, draft);
      return ok(this.drafts.get(draft.id));
    }
    if (path === '/api/user/drafts/remove' && method === 'POST') {
      const ids = (body.ids as number[]).filter((id) => this.drafts.delete(id));
      return ok({ ids });
    }
    const renamed = /^\/api\/user\/drafts\/(\d+)$/.exec(path);
    if (renamed && method === 'PATCH') {
      const draft = this.drafts.get(Number(renamed[1]));
      if (!draft) return refused(404, 'NOT_FOUND', 'Черновик не найден.');
      if (draft.revision !== body.revision) return refused(409, 'CONFLICT', 'Черновик изменили на другом устройстве: список обновлён, переименуйте его ещё раз, если нужно.');
      const next = { ...draft, name: String(body.name), revision: draft.revision + 1 };
      this.drafts.set(next.id, next);
      return ok(next);
    }
    if (path === '/api/auth/logout') return ok({});
    if (path === '/api/auth' && method === 'POST') return ok({ token: 'token-of-the-next-user' });
    return refused(404, 'NOT_FOUND', `Нет такого вызова: ${method} ${path}`);
  }
}
