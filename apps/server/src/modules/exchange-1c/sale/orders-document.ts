/**
 * The CommerceML 2 document `query` hands 1C: one «Документ» (ХозОперация «Заказ товара») per check of each order —
 * a check is the part of an order one organisation sells, and so one «Заказ клиента» in 1C, with that organisation
 * and the company's contract with it. Sums come from the domain's rules over the stored lines (order-pricing's
 * `storedOrder`), never computed again here.
 */
import { deliveryOf, type Delivery } from '@portal/contracts';
import { CHECK_STATUS_NAMES, lineAmountKopecks, lineDiscountKopecks, moscowDay, organisationName, type OrderCheck, type OrderLine } from '@portal/domain';
import { storedOrder } from '../../orders';
import { element, optionalElement, requisites, rubles, xmlText } from './commerceml-text';

/** The schema version written: 2.08 is read by 1C:УТ 11, ERP and КА 2 and by the older 2.0x loaders alike. */
export const SCHEMA_VERSION = '2.08';

/** Bitrix's id of the delivery line, which 1C's standard exchange turns into the «Доставка» service. */
export const DELIVERY_LINE_ID = 'ORDER_DELIVERY';

export interface OrderForOneC {
  id: number;
  createdAt: Date;
  comment: string;
  delivery: Delivery;
  company: { uid: string; name: string; inn: string; address: string };
  /** The stored lines as orders.repository's `orderLinesOf` reads them. */
  lineRows: Parameters<typeof storedOrder>[0];
  checks: ReadonlyArray<{ guid: string; orgGuid: string; status: number }>;
  contracts: ReadonlyArray<{ guid: string; name: string; contract: string }>;
}

const DELIVERY_NAMES: Record<Delivery['case'], string> = { pickup: 'Самовывоз', delivery: 'Доставка', other: 'Транспортная компания' };

/** The Ид 1C knows a line's goods by: «product#characteristic» for a size, as the catalogue exchange names offers. */
export function goodsIdOf(line: Pick<OrderLine, 'product' | 'offer'>): string {
  const offerGuid = line.offer.guid;
  if (offerGuid === line.product.uid) return offerGuid; // the «Только под заказ» line of a product without sizes
  return offerGuid.includes('#') ? offerGuid : `${line.product.uid}#${offerGuid}`;
}

let moscowClock: Intl.DateTimeFormat | undefined;
/** 'HH:MM:SS' in Moscow, where 1C's documents are dated. */
function moscowTime(moment: Date): string {
  moscowClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return moscowClock.format(moment);
}

const UNIT = `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`;

function goodsLine(line: OrderLine): string {
  const discount = lineDiscountKopecks(line);
  return [
    '<Товар>',
    element('Ид', goodsIdOf(line)),
    element('Артикул', line.product.article),
    element('Наименование', line.product.name),
    UNIT,
    line.offer.characteristic
      ? `<ХарактеристикиТовара><ХарактеристикаТовара>${element('Наименование', 'Размер')}${element('Значение', line.offer.characteristic)}</ХарактеристикаТовара></ХарактеристикиТовара>`
      : '',
    // «Скидки» before the price, as 1C itself writes a line of an order document.
    discount > 0
      ? `<Скидки><Скидка>${element('Наименование', 'Скидка по договору')}${element('Процент', line.discountPercent)}${element('Сумма', rubles(discount))}${element('УчтеноВСумме', 'true')}</Скидка></Скидки>`
      : '',
    element('ЦенаЗаЕдиницу', rubles(line.priceKopecks)),
    element('Количество', line.quantity),
    element('Сумма', rubles(lineAmountKopecks(line))),
    requisites([
      ['ВидНоменклатуры', 'Товар'],
      ['ТипНоменклатуры', 'Товар'],
      ['Цена без скидки', rubles(line.fullPriceKopecks)],
      ['Под заказ', line.preorder > 0 ? 'true' : 'false'],
    ]),
    '</Товар>',
  ].join('');
}

function deliveryLine(kopecks: number): string {
  return [
    '<Товар>',
    element('Ид', DELIVERY_LINE_ID),
    element('Наименование', 'Доставка заказа'),
    UNIT,
    element('ЦенаЗаЕдиницу', rubles(kopecks)),
    element('Количество', 1),
    element('Сумма', rubles(kopecks)),
    requisites([
      ['ВидНоменклатуры', 'Услуга'],
      ['ТипНоменклатуры', 'Услуга'],
    ]),
    '</Товар>',
  ].join('');
}

function companyElement(company: OrderForOneC['company']): string {
  return [
    '<Контрагенты><Контрагент>',
    element('Ид', company.uid),
    element('Наименование', company.name),
    element('ПолноеНаименование', company.name),
    element('ОфициальноеНаименование', company.name),
    company.address ? `<ЮридическийАдрес>${element('Представление', company.address)}</ЮридическийАдрес>` : '',
    optionalElement('ИНН', company.inn),
    element('Роль', 'Покупатель'),
    '</Контрагент></Контрагенты>',
  ].join('');
}

function checkDocument(order: OrderForOneC, stored: { guid: string; orgGuid: string; status: number }, priced: OrderCheck | undefined): string {
  const contract = order.contracts.find((candidate) => candidate.guid === stored.orgGuid);
  const lines = priced?.lines ?? [];
  const delivery = order.delivery;
  return [
    '<Документ>',
    element('Ид', stored.guid),
    element('Номер', order.id),
    element('Дата', moscowDay(order.createdAt)),
    element('Время', moscowTime(order.createdAt)),
    element('ХозОперация', 'Заказ товара'),
    element('Роль', 'Продавец'),
    element('Валюта', 'руб'),
    element('Курс', 1),
    element('Сумма', rubles(priced?.totalKopecks ?? 0)),
    companyElement(order.company),
    element('Комментарий', order.comment),
    `<Товары>${lines.map(goodsLine).join('')}${priced && priced.deliveryKopecks > 0 ? deliveryLine(priced.deliveryKopecks) : ''}</Товары>`,
    requisites([
      ['Номер заказа на портале', String(order.id)],
      ['Организация', organisationName(stored.orgGuid)],
      ['Договор', contract ? [contract.contract, contract.name].filter(Boolean).join(' ') : ''],
      ['Статус заказа', CHECK_STATUS_NAMES[stored.status] ?? ''],
      ['Сумма скидки', rubles(priced?.discountKopecks ?? 0)],
      ['Способ доставки', DELIVERY_NAMES[delivery.case] ?? ''],
      ['Адрес доставки', delivery.address],
      ['Дата доставки', delivery.date],
      ['Стоимость доставки', priced && priced.deliveryKopecks > 0 ? rubles(priced.deliveryKopecks) : ''],
      ['Счёт выставить на', delivery.bill_to],
    ]),
    '</Документ>',
  ].join('');
}

/** The whole answer to `query`, as XML text (encoded by the caller). */
export function ordersDocument(orders: readonly OrderForOneC[], formedAt: Date): string {
  const documents = orders.flatMap((order) => {
    const { checks } = storedOrder(order.lineRows, deliveryOf(order.delivery));
    return order.checks.map((stored) => checkDocument(order, stored, checks.find((check) => check.organisation === stored.orgGuid)));
  });
  const formed = `${moscowDay(formedAt)}T${moscowTime(formedAt)}`;
  return [
    `<?xml version="1.0" encoding="windows-1251"?>\n`,
    `<КоммерческаяИнформация ВерсияСхемы="${SCHEMA_VERSION}" ДатаФормирования="${xmlText(formed)}">`,
    ...documents.map((document) => `\n${document}`),
    '\n</КоммерческаяИнформация>\n',
  ].join('');
}
