/**
 * Demo delivery addresses, shipments and claims of demo's companies (demo2 has none: its lists show the empty state).
 * Shipments and claims refer to demo's seeded orders (seed/orders.ts) and name their products. Idempotent by guid.
 */
import { asc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { Db } from '../db/client';
import { claimFiles, claimStatusHistory, claims, deliveryAddresses, files, offers, orderLines, partners, products, shipments, users } from '../db/schema';
import { newStorageKey, type FileStorage } from '../lib/storage';
import { seededOrderId } from './orders';
import { DEMO_PARTNERS } from './people';
import { seededGuid } from './random';

const at = (iso: string) => new Date(`${iso}T09:30:00+03:00`);

export async function seedLogistics(db: Db, storage: FileStorage): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
  if (!demo) return;
  const partnerId = async (uid: string) => (await db.select({ id: partners.id }).from(partners).where(eq(partners.uid, uid)))[0]!.id;
  const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
  const petrov = await partnerId(DEMO_PARTNERS.PETROV);
  // The demo orders these refer to (seed/orders.ts); a catalogue too small for an order leaves the reference empty.
  const jackets = await seededOrderId(db, 'specsnab-jackets');
  const boots = await seededOrderId(db, 'specsnab-boots');
  const summer = await seededOrderId(db, 'specsnab-summer');
  const petrovBoots = await seededOrderId(db, 'petrov-boots');
  const petrovRobes = await seededOrderId(db, 'petrov-robes');

  await db
    .insert(deliveryAddresses)
    .values(
      ['125009, г Москва, ул Тверская, д 7, оф 12', '142100, Московская обл, г Подольск, ул Комсомольская, д 1, склад 3', '191025, г Санкт-Петербург, Невский пр-кт, д 28'].map(
        (label) => ({ userId: demo.id, label }),
      ),
    )
    .onConflictDoNothing();

  await db
    .insert(shipments)
    .values([
      { n: 1, bitrixId: 40211, partnerId: specsnab, orderId: jackets ?? null, address: '142100, Московская обл, г Подольск, ул Комсомольская, д 1, склад 3', date: '2026-01-20', status: 'delivered', comment: 'Разгрузка с 9 до 17, пропуск на водителя оформлен.', createdAt: at('2026-01-16') },
      { n: 2, bitrixId: 40987, partnerId: specsnab, orderId: boots ?? null, address: '125009, г Москва, ул Тверская, д 7, оф 12', date: '2026-02-03', status: 'shipped', comment: '', createdAt: at('2026-01-29') },
      { n: 3, bitrixId: 41102, partnerId: specsnab, orderId: summer ?? null, address: '142100, Московская обл, г Подольск, ул Комсомольская, д 1, склад 3', date: '2026-02-17', status: 'planned', comment: 'Нужна машина с гидробортом.', createdAt: at('2026-02-10') },
      { n: 4, bitrixId: 40655, partnerId: petrov, orderId: petrovRobes ?? null, address: '191025, г Санкт-Петербург, Невский пр-кт, д 28', date: '2026-01-27', status: 'delivered', comment: '', createdAt: at('2026-01-22') },
    ].map(({ n, ...values }) => ({ ...values, guid: seededGuid(0x5417, n), userId: demo.id, updatedAt: values.createdAt })))
    .onConflictDoNothing();

  // A claim about an order names that order's products (as the claims form does); without the order, catalogue ones.
  const sample = await db.select({ article: products.article, name: products.name }).from(products).orderBy(asc(products.id)).limit(3);
  const line = async (orderId: number | undefined, i: number, characteristic: string, quantity: number) => {
    if (orderId !== undefined) {
      const [ordered] = await db
        .select({ guid: offers.guid, article: products.article, name: products.name, characteristic: orderLines.characteristic })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .innerJoin(offers, eq(offers.id, orderLines.offerId))
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id))
        .limit(1);
      if (ordered) return [{ ...ordered, quantity }];
    }
    return sample[i] ? [{ article: sample[i].article, name: sample[i].name, characteristic, quantity }] : [];
  };

  const demoClaims = [
    {
      n: 1, bitrixId: 5120, partnerId: specsnab, orderId: jackets ?? null, case: 1, status: 'approved',
      title: 'Расхождение швов на куртках', message: 'В партии из 20 курток у трёх расходится шов на рукаве после первой стирки. Фото приложены.',
      products: await line(jackets, 0, '52-54/170-176', 3), createdAt: at('2026-01-21'),
      history: [['new', 'Рекламация отправлена из портала.', '2026-01-21'], ['review', 'Передана в отдел качества.', '2026-01-22'], ['approved', 'Брак подтверждён: замена в следующей отгрузке.', '2026-01-28']],
      photo: true,
    },
    {
      n: 2, bitrixId: 5187, partnerId: specsnab, orderId: boots ?? null, case: 2, status: 'review',
      title: 'Недовложение в коробке №4', message: 'По накладной 12 пар, в коробке 10. Коробка была опечатана, пломба целая.',
      products: await line(boots, 1, '43', 2), createdAt: at('2026-02-05'),
      history: [['new', 'Рекламация отправлена из портала.', '2026-02-05'], ['review', 'Склад проверяет комплектацию.', '2026-02-06']],
      photo: false,
    },
    {
      n: 3, bitrixId: null, partnerId: specsnab, orderId: null, case: 4, status: 'new',
      title: 'Повреждение упаковки при доставке', message: 'Две коробки пришли мятыми и влажными, товар внутри требует проверки.',
      products: [], createdAt: at('2026-02-12'),
      history: [['new', 'Рекламация отправлена из портала.', '2026-02-12']],
      photo: false,
    },
    {
      n: 4, bitrixId: 5034, partnerId: petrov, orderId: petrovBoots ?? null, case: 3, status: 'rejected',
      title: 'Пересорт по размерам', message: 'Вместо размера 44 пришли ботинки 45 размера, 1 пара.',
      products: await line(petrovBoots, 2, '45', 1), createdAt: at('2026-01-12'),
      history: [['new', 'Рекламация отправлена из портала.', '2026-01-12'], ['rejected', 'Размер соответствует заказу и накладной: отгружено 45, как заказано.', '2026-01-16']],
      photo: false,
    },
  ] as const;

  for (const { n, history, photo, ...values } of demoClaims) {
    const [inserted] = await db
      .insert(claims)
      .values({ ...values, products: [...values.products], guid: seededGuid(0xc1a1, n), userId: demo.id, updatedAt: values.createdAt })
      .onConflictDoNothing()
      .returning({ id: claims.id });
    // An existing claim already has its history and files.
    if (!inserted) continue;
    await db.insert(claimStatusHistory).values(history.map(([status, comment, date]) => ({ claimId: inserted.id, status, comment, at: at(date) })));
    if (photo) {
      const bytes = demoPhoto();
      const key = newStorageKey('claims', 'png');
      await storage.put(key, bytes);
      const [file] = await db
        .insert(files)
        .values({ ownerUserId: demo.id, partnerId: values.partnerId, purpose: 'claim', name: 'шов-рукав.png', mime: 'image/png', size: bytes.length, storageKey: key })
        .returning({ id: files.id });
      await db.insert(claimFiles).values({ claimId: inserted.id, fileId: file!.id });
    }
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
