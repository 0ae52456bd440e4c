/**
 * Demo delivery addresses, shipments and claims of demo's companies (demo2 has none: its lists show the empty state),
 * written as demo and the back office wrote them: demo's address book and shipment requests through the logistics
 * service, its claims (one with a photo) through the claims service, each `asOf` its day; the shipments' and claims'
 * numbers and statuses through the ERP's /shipments and /claims, `asOf` the day of each change. Shipments and claims
 * refer to demo's seeded orders (seed/orders.ts) and name their products. Idempotent: an address, a shipment (by its
 * order and day) or a claim (by its title) already there is kept.
 */
import { PNG } from 'pngjs';
import type { Db } from '../db/client';
import type { FileStorage } from '../lib/storage';
import { fileClaim, listClaims } from '../modules/claims';
import { addAddress, listAddresses, listShipments, requestShipment } from '../modules/logistics';
import { orderDetail } from '../modules/orders';
import { asTheErp, sendBatches } from './erp';
import { seededOrderId } from './orders';
import { DEMO_PARTNERS, demoUserIds } from './people';

const at = (iso: string) => new Date(`${iso}T09:30:00+03:00`);
const russianDay = (iso: string) => iso.split('-').reverse().join('.');

const TVERSKAYA = '125009, г Москва, ул Тверская, д 7, оф 12';
const PODOLSK = '142100, Московская обл, г Подольск, ул Комсомольская, д 1, склад 3';
const NEVSKY = '191025, г Санкт-Петербург, Невский пр-кт, д 28';

/** demo's shipment requests: for which seeded order, when, and what the back office has done with them since. */
const DEMO_SHIPMENTS = [
  { order: 'specsnab-jackets', bitrixId: 40211, address: PODOLSK, date: '2026-01-20', status: 'delivered', comment: 'Разгрузка с 9 до 17, пропуск на водителя оформлен.', created: '2026-01-16' },
  { order: 'specsnab-boots', bitrixId: 40987, address: TVERSKAYA, date: '2026-02-03', status: 'shipped', comment: '', created: '2026-01-29' },
  { order: 'specsnab-summer', bitrixId: 41102, address: PODOLSK, date: '2026-02-17', status: 'planned', comment: 'Нужна машина с гидробортом.', created: '2026-02-10' },
  { order: 'petrov-robes', bitrixId: 40655, address: NEVSKY, date: '2026-01-27', status: 'delivered', comment: '', created: '2026-01-22' },
] as const;

/** demo's claims: what was filed, about which order's first line, and the back office's answers since. */
const DEMO_CLAIMS = [
  {
    bitrixId: 5120, partner: DEMO_PARTNERS.SPECSNAB, order: 'specsnab-jackets', case: 1, quantity: 3,
    title: 'Расхождение швов на куртках', message: 'В партии из 20 курток у трёх расходится шов на рукаве после первой стирки. Фото приложены.',
    filed: '2026-01-21', answers: [['review', 'Передана в отдел качества.', '2026-01-22'], ['approved', 'Брак подтверждён: замена в следующей отгрузке.', '2026-01-28']],
    photo: true,
  },
  {
    bitrixId: 5187, partner: DEMO_PARTNERS.SPECSNAB, order: 'specsnab-boots', case: 2, quantity: 2,
    title: 'Недовложение в коробке №4', message: 'По накладной 12 пар, в коробке 10. Коробка была опечатана, пломба целая.',
    filed: '2026-02-05', answers: [['review', 'Склад проверяет комплектацию.', '2026-02-06']],
    photo: false,
  },
  {
    bitrixId: null, partner: DEMO_PARTNERS.SPECSNAB, order: null, case: 4, quantity: 0,
    title: 'Повреждение упаковки при доставке', message: 'Две коробки пришли мятыми и влажными, товар внутри требует проверки.',
    filed: '2026-02-12', answers: [],
    photo: false,
  },
  {
    bitrixId: 5034, partner: DEMO_PARTNERS.PETROV, order: 'petrov-boots', case: 3, quantity: 1,
    title: 'Пересорт по размерам', message: 'Вместо размера 44 пришли ботинки 45 размера, 1 пара.',
    filed: '2026-01-12', answers: [['rejected', 'Размер соответствует заказу и накладной: отгружено 45, как заказано.', '2026-01-16']],
    photo: false,
  },
] as const;

/**
 * demo's address book and shipment requests. Runs before the back office ships the orders (seed/index.ts): a request
 * is checked against its order as it stood when demo made it, and a shipped order takes no new request.
 */
export async function seedShipmentRequests(db: Db, storage: FileStorage): Promise<void> {
  const demo = (await demoUserIds(db)).get('demo');
  if (demo === undefined) return;
  const book = new Set((await listAddresses(db, demo)).map((address) => address.label));
  for (const label of [TVERSKAYA, PODOLSK, NEVSKY]) if (!book.has(label)) await addAddress(db, demo, label);

  const requested = await listShipments(db, demo);
  for (const shipment of DEMO_SHIPMENTS) {
    // A catalogue too small for the order leaves its shipment out: a request needs an order.
    const order = await seededOrderId(db, shipment.order);
    if (order === undefined || requested.some((row) => row.order === order && row.date === shipment.date)) continue;
    const fields = { order: String(order), address: shipment.address, date: russianDay(shipment.date), comment: shipment.comment };
    await requestShipment(db, storage, demo, { fields, files: [] }, { asOf: at(shipment.created) });
  }
}

/** The back office's numbers and statuses of demo's shipments, and demo's claims with their answers. */
export async function seedShipmentsAndClaims(db: Db, storage: FileStorage): Promise<void> {
  const demo = (await demoUserIds(db)).get('demo');
  if (demo === undefined) return;
  const shipments = await listShipments(db, demo);
  await asTheErp(db, storage, async (app) => {
    for (const spec of DEMO_SHIPMENTS) {
      const order = await seededOrderId(db, spec.order);
      const shipment = shipments.find((row) => row.order === order && row.date === spec.date);
      if (!shipment || shipment.bitrix_id !== null) continue;
      await sendBatches(app, 'shipments', [{ bitrix_id: spec.bitrixId, guid: shipment.guid, status: spec.status }], { asOf: at(spec.created) });
    }
  });

  const filed = new Set((await listClaims(db, demo)).map((claim) => claim.title));
  for (const spec of DEMO_CLAIMS) {
    if (filed.has(spec.title)) continue;
    const order = spec.order === null ? undefined : await seededOrderId(db, spec.order);
    const fields: Record<string, string> = { partner_guid: spec.partner, case: String(spec.case), title: spec.title, message: spec.message };
    if (order !== undefined) {
      // The order's first line, as the claims form offers it.
      const line = (await orderDetail(db, demo, order)).position[0]!;
      const offer = line.characteristics[0]!;
      fields.order = String(order);
      fields.products = JSON.stringify([{ guid: offer.GUID, article: line.article, quantity: spec.quantity }]);
    }
    const files = spec.photo ? [{ field: 'files', name: 'шов-рукав.png', mime: 'image/png', extension: 'png', bytes: demoPhoto() }] : [];
    const { id } = await fileClaim(db, storage, demo, { fields, files }, { asOf: at(spec.filed) });
    if (spec.bitrixId === null) continue;
    const guid = (await listClaims(db, demo)).find((claim) => claim.id === id)!.guid;
    await asTheErp(db, storage, async (app) => {
      for (const [status, comment, day] of spec.answers) {
        await sendBatches(app, 'claims', [{ bitrix_id: spec.bitrixId, guid, status, comment }], { asOf: at(day) });
      }
    });
  }
}

/** A small picture for the demo claim: a fabric-like stripe pattern, drawn rather than shipped as a binary. */
function demoPhoto(): Buffer {
  const width = 240;
  const height = 160;
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const weave = ((x >> 2) + (y >> 2)) % 2 === 0 ? 12 : 0;
      // A light thread along a seam that has come apart in the middle.
      const onSeam = Math.abs(x - 120 - Math.round(8 * Math.sin(y / 9))) < 2 && (y < 60 || y > 100);
      image.data[i] = onSeam ? 226 : 46 + weave;
      image.data[i + 1] = onSeam ? 204 : 74 + weave;
      image.data[i + 2] = onSeam ? 150 : 120 + weave;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}
