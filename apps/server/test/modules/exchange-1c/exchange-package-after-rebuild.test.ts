/**
 * A 1C package sent right after another (issue 40: the same offers.xml again grew the server by 300–500 MB at a
 * million offers, the previous package's rebuild of the index in its window; docs/performance.md, «1C exchange»). After a
 * package commits, the catalogue index rebuilds what it changed in the background. The next package reads its file
 * only once that rebuild has ended; the keeper's look at the markers meanwhile queues no second rebuild of the same
 * changes (nor a third, its «confirm» at the next look); and a package that changes no offer rebuilds nothing.
 *
 * No timing: the package's rebuild is held at its start until the test lets it go — when the next package asks for
 * the rebuilds to end, or, failing that, when its reading has begun; the reading notes whether a rebuild was running.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogIndex } from '../../../src/modules/catalog/catalog-index-keeper';
import { importCatalogPackage } from '../../../src/modules/exchange-1c/catalog-import';
import type * as Reader from '../../../src/modules/exchange-1c/commerceml-reader';
import { createTestApp, type TestApp } from '../../support/helper';

/** Whether the index was rebuilding when a package's reading began (one entry a package), and the hook to call then. */
const reading = vi.hoisted(() => ({ rebuildingAtStart: [] as boolean[], began: () => {}, rebuilding: (): boolean => false }));

vi.mock('../../../src/modules/exchange-1c/commerceml-reader', async (importOriginal) => {
  const original = await importOriginal<typeof Reader>();
  return {
    ...original,
    async *readCommerceMl(...args: Parameters<typeof original.readCommerceMl>) {
      reading.rebuildingAtStart.push(reading.rebuilding());
      reading.began();
      yield* original.readCommerceMl(...args);
    },
  };
});

let t: TestApp;
let folder: string;
const settings = { warehouses: [] };

beforeAll(async () => {
  // An hour between the keeper's own looks at the markers: the test makes them (checkNow) when it means to.
  t = await createTestApp({ CATALOG_INDEX_REFRESH: 'background', CATALOG_INDEX_REFRESH_SECONDS: '3600' });
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-package-after-rebuild-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const GOODS = 20;
const uid = (g: number) => `after-rebuild-good-${g}`;
const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">${body}</КоммерческаяИнформация>`;
const goodsXml = () =>
  document(
    `<Каталог СодержитТолькоИзменения="false"><Товары>${Array.from({ length: GOODS }, (_, g) => `<Товар><Ид>${uid(g)}</Ид><Артикул>AR-${g}</Артикул><Наименование>Куртка «Снова» ${g}</Наименование></Товар>`).join('')}</Товары></Каталог>`,
  );
const offersXml = (price: number) =>
  document(
    `<ПакетПредложений СодержитТолькоИзменения="false"><ТипыЦен><ТипЦены><Ид>dealer</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен><Предложения>${Array.from(
      { length: GOODS },
      (_, g) =>
        `<Предложение><Ид>${uid(g)}#52</Ид><Наименование>Куртка (52)</Наименование><Цены><Цена><ИдТипаЦены>dealer</ИдТипаЦены><ЦенаЗаЕдиницу>${price + g}</ЦенаЗаЕдиницу></Цена></Цены><Количество>3</Количество></Предложение>`,
    ).join('')}</Предложения></ПакетПредложений>`,
  );

async function load(name: string, xml: string) {
  await writeFile(path.join(folder, name), xml);
  return importCatalogPackage(t.app, folder, name, settings);
}

/**
 * The index's rebuilds from now on, counted; the first is held at its start until `release` (the keeper's private
 * `rebuild`: what the test watches is how many run and when, which nothing public tells).
 */
function watchRebuilds(index: CatalogIndex) {
  const keeper = index as unknown as { rebuild(parts: Set<string>): Promise<void> };
  const original = keeper.rebuild.bind(keeper);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const watch = { calls: 0, running: 0, release, parts: [] as string[][] };
  keeper.rebuild = async (parts) => {
    watch.calls++;
    watch.parts.push([...parts].sort());
    watch.running++;
    try {
      if (watch.calls === 1) await held;
      await original(parts);
    } finally {
      watch.running--;
    }
  };
  return watch;
}

describe('a package sent right after another', () => {
  it('is read once the previous package’s rebuild of the index has ended, and that rebuild runs once', async () => {
    const index = t.app.catalogIndex;
    await index.rebuildsDone();
    await load('import.xml', goodsXml());
    await index.rebuildsDone();
    await load('offers.xml', offersXml(1000));
    await index.rebuildsDone();

    // New prices: the package's commit rebuilds the index's prices, held at its start.
    const rebuilds = watchRebuilds(index);
    reading.rebuilding = () => rebuilds.running > 0;
    reading.rebuildingAtStart.length = 0;
    const first = await load('offers.xml', offersXml(2000));
    expect(first.changed).toBeGreaterThan(0);
    expect(rebuilds.running).toBe(1);

    // The keeper's look at the markers while the package's rebuild runs (its timer's, here by hand): nothing to queue.
    const look = index.checkNow();
    // The same file again, as 1C sends it at once: the rebuild is let go when the package asks for it to end (or,
    // were it not asked, when the reading has begun beside it).
    const rebuildsDone = index.rebuildsDone.bind(index);
    const asked = vi.spyOn(index, 'rebuildsDone').mockImplementation(() => (rebuilds.release(), rebuildsDone()));
    reading.began = () => rebuilds.release();
    const again = await load('offers.xml', offersXml(2000));
    asked.mockRestore();
    await look;
    expect(again).toMatchObject({ created: 0, changed: 0, unchanged: GOODS, refused: 0 });
    expect(reading.rebuildingAtStart).toEqual([false, false]);

    // The next look, as the timer's next tick: no «confirm» of changes the package's rebuild read after the commit.
    await index.rebuildsDone();
    await index.checkNow();
    await index.rebuildsDone();
    expect(rebuilds.calls).toBe(1);
    // Prices alone: the two columns read again, not every product with its name words (migration 0026).
    expect(rebuilds.parts).toEqual([['prices']]);
  });
});
