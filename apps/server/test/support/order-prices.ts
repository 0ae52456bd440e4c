/**
 * Order bodies at the prices the server charges now, as a dealer sends them after seeing them: tests whose subject
 * is not pricing send these, since an order at other prices is refused (409 PRICES_CHANGED). Only the prices are
 * filled in; the body's lines and their split stay as the test wrote them.
 */
import { ZOrderPayloadSchema, type TOrderPayloadParsed } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema';
import { quoteOrder } from '../../src/modules/orders/orders.service';

type Body = { position?: Array<{ characteristics: Array<{ guid: string }> }>; position_presail?: Array<{ characteristics: Array<{ guid: string }> }> };

export async function atServerPrices<T extends Body>(app: FastifyInstance, login: string, body: T): Promise<T> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  const quoted = await quoteOrder(app.db, user!.id, ZOrderPayloadSchema.parse(body));
  const prices = new Map<string, Pick<TOrderPayloadParsed['position'][number]['characteristics'][number], 'price' | 'fullprice' | 'discount'>>();
  for (const line of [...quoted.position, ...quoted.position_presail].flatMap((position) => position.characteristics)) {
    prices.set(line.guid, { price: line.price, fullprice: line.fullprice, discount: line.discount });
  }
  const fill = (positions: Body['position']) =>
    positions?.map((position) => ({ ...position, characteristics: position.characteristics.map((line) => ({ ...line, ...prices.get(line.guid) })) }));
  return { ...body, ...(body.position ? { position: fill(body.position) } : {}), ...(body.position_presail ? { position_presail: fill(body.position_presail) } : {}) };
}
