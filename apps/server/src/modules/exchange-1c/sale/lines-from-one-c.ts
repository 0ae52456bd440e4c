/**
 * The lines of a 1C order document, read as the orders module's back-office change: each goods line is matched to
 * the portal's offer by its goods id (as `query` wrote it, or the offer's own guid, or a product and its size) — a
 * line that matches no offer, or an offer of an organisation the document's check (or order) does not sell, refuses
 * the document with the reason, it is never guessed. The delivery line (Bitrix's «ORDER_DELIVERY», or a service
 * named «Доставка…») is the delivery's cost, not goods; another service is not sold by the portal and is passed over
 * with a note. The change itself — the domain's rule, the stock, the totals, the timeline and the dealer told — is
 * the orders module's `applyBackOfficeChange`, in the file's transaction.
 */
import { ORDER_LINE_QUANTITY_MAX, PLACEHOLDER_ORGANISATION, fromKopecks, organisationName, type BackOfficeLine } from '@portal/domain';
import type { DbOrTx } from '../../../db/client';
import { applyBackOfficeChange, type BackOfficeRefusal } from '../../orders';
import type { OrderLineFromOneC } from './order-documents-reader';
import { DELIVERY_LINE_ID } from './orders-document';
import * as repo from './sale.repository';

export type LinesFromOneC =
  | { outcome: 'same'; notes: string[] }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'changed'; said: string; partnerId: number; notes: string[] };

/** 1C's quantity («10», «10.000», «10,00»): whole units only — the portal counts pieces. */
export function wholeUnits(text: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,]0*)?$/.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

/** 1C's amount in roubles («1090.5», «1 090,50»): kopecks, or undefined when it is not an amount to the kopeck. */
export function kopecksOf(text: string): number | undefined {
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return undefined;
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The unit price a line bills, in kopecks, or why it cannot be read. 1C writes `ЦенаЗаЕдиницу` either after the
 * discounts (as `query` sends it) or before them, with the discounts in `Скидки` «УчтеноВСумме» and so in the line's
 * `Сумма`: the sum decides when it is given — its share per unit when it is not price × quantity — and a sum that
 * does not divide into whole kopecks per unit is refused rather than rounded.
 */
function unitPrice(line: OrderLineFromOneC, quantity: number): number | string {
  const price = kopecksOf(line.price);
  const sum = line.sum ? kopecksOf(line.sum) : undefined;
  if (line.sum && sum === undefined) return `сумма «${line.sum}» — нужна сумма в рублях с точностью до копейки`;
  if (sum === undefined || quantity === 0 || (price !== undefined && price * quantity === sum)) {
    return price ?? `цена «${line.price}» — нужна сумма в рублях с точностью до копейки`;
  }
  if (sum % quantity !== 0) return `сумма ${line.sum} за ${quantity} шт. не делится на цену за штуку с точностью до копейки`;
  return sum / quantity;
}

const said = (problems: string[]) => (problems.length > 3 ? `${problems.slice(0, 3).join('; ')} и ещё ${problems.length - 3}` : problems.join('; '));

/** The offer a goods line names; a reason when it names none, or one of an organisation the document's checks are not. */
function offerOfLine(
  line: OrderLineFromOneC,
  organisations: readonly string[],
  byGuid: ReadonlyMap<string, repo.GoodsOffer>,
  byProduct: ReadonlyMap<string, repo.GoodsOffer[]>,
): repo.GoodsOffer | string {
  let offer: repo.GoodsOffer | undefined;
  const cut = line.id.indexOf('#');
  if (cut >= 0) {
    const own = byGuid.get(line.id);
    const size = byGuid.get(line.id.slice(cut + 1));
    offer = own ?? (size?.productUid === line.id.slice(0, cut) ? size : undefined);
  } else {
    offer = byGuid.get(line.id);
    const ofProduct = byProduct.get(line.id);
    if (!offer && ofProduct) {
      // A product named without its size: one without offers is ordered as its «Только под заказ» line; one with
      // sizes needs 1C's characteristic to say which, and only an exact size of this organisation is taken.
      if (ofProduct.length === 0) return { guid: line.id, productUid: line.id, orgGuid: PLACEHOLDER_ORGANISATION, characteristic: '' };
      const sized = ofProduct.filter((candidate) => organisations.includes(candidate.orgGuid) && candidate.characteristic === line.characteristic);
      if (sized.length === 1) return sized[0]!;
      return line.characteristic
        ? `размера «${line.characteristic}» у товара ${line.id} на портале нет`
        : `у товара ${line.id} на портале есть размеры, а в строке нет характеристики — передайте Ид «товар#характеристика»`;
    }
  }
  if (!offer) return `товар с Ид ${line.id} на портале не найден`;
  if (!organisations.includes(offer.orgGuid)) {
    return `товар ${line.id} продаёт ${organisationName(offer.orgGuid)}, а этот заказ — заказ ${organisations.map((organisation) => organisationName(organisation)).join(' и ')}`;
  }
  return offer;
}

/** A line of the document with its place in it (from 1), as the refusal names it. */
interface PlacedLine {
  line: OrderLineFromOneC;
  position: number;
}

const lineName = ({ line, position }: PlacedLine) => `строка ${position}${line.name ? ` «${line.name}»` : ''}`;

/** 1C's goods lines as the domain's back-office lines, one per offer; a reason for each line that cannot be taken as it is. */
async function readLines(tx: DbOrTx, organisations: readonly string[], goods: readonly PlacedLine[]): Promise<BackOfficeLine[] | string[]> {
  const guids = goods.flatMap(({ line }) => (line.id.includes('#') ? [line.id, line.id.slice(line.id.indexOf('#') + 1)] : [line.id]));
  const byGuid = new Map((await repo.offersByGuids(tx, guids)).map((offer) => [offer.guid, offer]));
  const byProduct = await repo.productsWithOffers(tx, goods.filter(({ line }) => !line.id.includes('#') && !byGuid.has(line.id)).map(({ line }) => line.id));
  const problems: string[] = [];
  const wanted = new Map<string, BackOfficeLine>();
  for (const placed of goods) {
    const { line } = placed;
    const name = lineName(placed);
    if (!line.id) {
      problems.push(`${name}: нет Ид товара`);
      continue;
    }
    const quantity = wholeUnits(line.quantity);
    if (quantity === undefined || quantity > ORDER_LINE_QUANTITY_MAX) {
      problems.push(`${name}: количество «${line.quantity}» — портал принимает целое число штук до ${ORDER_LINE_QUANTITY_MAX}`);
      continue;
    }
    const priceKopecks = unitPrice(line, quantity);
    if (typeof priceKopecks === 'string') {
      problems.push(`${name}: ${priceKopecks}`);
      continue;
    }
    const offer = offerOfLine(line, organisations, byGuid, byProduct);
    if (typeof offer === 'string') {
      problems.push(`${name}: ${offer}`);
      continue;
    }
    const same = wanted.get(offer.guid);
    if (same && same.priceKopecks !== priceKopecks) problems.push(`${name}: товар ${line.id} встречается в документе с разными ценами`);
    else if (same) same.quantity += quantity;
    else wanted.set(offer.guid, { productUid: offer.productUid, offerGuid: offer.guid, quantity, priceKopecks });
  }
  return problems.length > 0 ? problems : [...wanted.values()];
}

/**
 * The delivery line as 1C and Bitrix write it: the id «ORDER_DELIVERY» the site's own `query` gave it, or a service
 * (ВидНоменклатуры / ТипНоменклатуры «Услуга») named for the delivery, as a manager adds one in 1C.
 */
export function isDeliveryLine(line: Pick<OrderLineFromOneC, 'id' | 'name' | 'kind'>): boolean {
  return line.id === DELIVERY_LINE_ID || (line.kind === 'Услуга' && /доставк/i.test(line.name));
}

/** A line's amount in kopecks: its sum, or its price times its quantity; a reason when it is not an amount. */
function amountOf(line: OrderLineFromOneC): number | string {
  if (line.sum) return kopecksOf(line.sum) ?? `сумма «${line.sum}» — нужна сумма в рублях с точностью до копейки`;
  const price = kopecksOf(line.price);
  const quantity = line.quantity ? wholeUnits(line.quantity) : 1;
  if (price === undefined) return `цена «${line.price}» — нужна сумма в рублях с точностью до копейки`;
  return quantity === undefined ? `количество «${line.quantity}» — нужно целое число` : price * quantity;
}

/** The orders module's refusal in the words 1C's operator acts on. */
function refusalSaid(refusal: BackOfficeRefusal, orderId: number): string {
  switch (refusal.why) {
    case 'order-unknown':
      return `заказ № ${orderId} не найден на портале`;
    case 'no-lines-left':
      return 'в документе не осталось товаров с количеством больше 0 — чтобы отменить заказ, отметьте его в 1С отменённым или на удаление';
    case 'check-emptied':
      return `в документе нет ни одного товара ${organisationName(refusal.organisation)}, а в заказе они есть — передайте их строки или отмените заказ в 1С`;
    case 'foreign-organisation':
      return `товар ${refusal.offerGuid} продаёт ${organisationName(refusal.organisation)}, а у заказа № ${orderId} нет счёта этой организации`;
    case 'offer-unknown':
      return `товар ${refusal.offerGuid} на портале не найден`;
  }
}

/**
 * Applies a document's lines to the order, in the caller's transaction: to the check the document names by its Ид
 * (`checks` is that check alone), or to the whole order when the document names the order by its number alone
 * (`checks` are all of the order's, and `wholeOrder` is true). `same` when they agree with the portal's (by offer,
 * quantity and price; the delivery by its cost): nothing is written and nobody told, so a document sent again
 * changes nothing. `notes` say what was passed over: a delivery the order does not bill, a service the portal does
 * not sell.
 */
export async function applyLinesFromOneC(
  tx: DbOrTx,
  target: { orderId: number; checks: readonly repo.CheckOfOrder[]; wholeOrder: boolean },
  lines: readonly OrderLineFromOneC[],
): Promise<LinesFromOneC> {
  const placed = lines.map((line, index) => ({ line, position: index + 1 }));
  const deliveries = placed.filter(({ line }) => isDeliveryLine(line));
  const services = placed.filter(({ line }) => !isDeliveryLine(line) && line.kind === 'Услуга');
  const goods = placed.filter(({ line }) => !isDeliveryLine(line) && line.kind !== 'Услуга');
  const notes = services.map((service) => `${lineName(service)}: услуга на портале не продаётся — строка пропущена`);

  let deliveryKopecks: number | undefined;
  const problems: string[] = [];
  for (const delivery of deliveries) {
    const amount = amountOf(delivery.line);
    if (typeof amount === 'string') problems.push(`${lineName(delivery)}: ${amount}`);
    else deliveryKopecks = (deliveryKopecks ?? 0) + amount;
  }
  const organisations = target.checks.map((check) => check.orgGuid);
  const read = goods.length > 0 ? await readLines(tx, organisations, goods) : [];
  if (read.length > 0 && typeof read[0] === 'string') problems.push(...(read as string[]));
  if (problems.length > 0) {
    return { outcome: 'refused', reason: `строки заказа не сопоставлены с товарами портала (${said(problems)}) — документ не применён` };
  }
  if (goods.length === 0 && deliveryKopecks === undefined) return { outcome: 'same', notes };

  const outcome = await applyBackOfficeChange(tx, {
    orderId: target.orderId,
    organisation: target.wholeOrder ? undefined : organisations[0],
    lines: goods.length > 0 ? (read as BackOfficeLine[]) : undefined,
    deliveryKopecks,
  });
  if (outcome.outcome === 'refused') return { outcome: 'refused', reason: refusalSaid(outcome, target.orderId) };
  if (outcome.deliveryNotBilledKopecks !== undefined) {
    notes.push(
      `доставка ${fromKopecks(outcome.deliveryNotBilledKopecks).toFixed(2)} по 1С не применена: заказ с самовывозом или доставкой поставщика, портал выставляет доставку только транспортной компанией — сумма заказа на портале без неё`,
    );
  }
  return outcome.outcome === 'same' ? { outcome: 'same', notes } : { outcome: 'changed', said: outcome.said, partnerId: outcome.partnerId, notes };
}
