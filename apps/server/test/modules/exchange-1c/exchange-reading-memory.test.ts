/**
 * What the reading of a catalogue package keeps alive (issue 40: a 1,000,000-offer offers.xml read with the server's
 * memory growing by less than 200 MB). Each good and offer is checked and turned into its staged row's text as soon as
 * it is read, and its element dropped: elements held until their batch was staged outlived the young generation's
 * collections, and a million offers' elements (with the chunks of the file their strings are slices of) were promoted
 * to the old generation, which grew by 250–330 MB (docs/performance.md, «1C exchange»). Here every element the reader
 * yields is watched through a WeakRef; whenever a batch is staged, after a full collection, only the element being
 * taken may still be alive (a few at most), where a batch held whole is 500 goods or 1,000 offers. And each staging
 * statement's text stays under V8's large-object size: larger strings are made in the old generation directly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAGE_TEXT_CHARS, importCatalogPackage } from '../../../src/modules/exchange-1c/catalog-import';
import type * as Staging from '../../../src/modules/exchange-1c/catalog-staging.repository';
import type * as Reader from '../../../src/modules/exchange-1c/commerceml-reader';
import { createTestApp, type TestApp } from '../../support/helper';

/** The elements the reader yielded, watched; and what was found alive at each batch staged. */
const watched = vi.hoisted(() => ({ elements: [] as Array<WeakRef<object>>, aliveAtBatch: [] as number[], texts: [] as number[] }));

vi.mock('../../../src/modules/exchange-1c/commerceml-reader', async (importOriginal) => {
  const original = await importOriginal<typeof Reader>();
  return {
    ...original,
    async *readCommerceMl(...args: Parameters<typeof original.readCommerceMl>) {
      for await (const record of original.readCommerceMl(...args)) {
        if (record.kind === 'element') watched.elements.push(new WeakRef(record.node));
        yield record;
      }
    },
  };
});

vi.mock('../../../src/modules/exchange-1c/catalog-staging.repository', async (importOriginal) => {
  const original = await importOriginal<typeof Staging>();
  /** Before a batch is staged: a turn of the event loop (WeakRefs read in a task hold their targets to its end), a full collection, then count. */
  const count = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    watched.aliveAtBatch.push(watched.elements.filter((element) => element.deref() !== undefined).length);
  };
  return {
    ...original,
    stageGoods: async (...args: Parameters<typeof original.stageGoods>) => (watched.texts.push(args[2].length), await count(), original.stageGoods(...args)),
    stageOffers: async (...args: Parameters<typeof original.stageOffers>) => (watched.texts.push(args[2].length), await count(), original.stageOffers(...args)),
  };
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let t: TestApp;
let folder: string;

beforeAll(async () => {
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-exchange-reading-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Several batches of each: goods are staged 500 a statement, offers 1,000. */
const GOODS = 1300;
const SIZES = ['44', '46'];
/** Elements the reader has yielded that may be alive when a batch is staged: the one being taken, and a margin. */
const TAKEN = 5;
const uid = (g: number) => `reading-good-${g}`;

const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">${body}</КоммерческаяИнформация>`;
const good = (g: number) =>
  `<Товар><Ид>${uid(g)}</Ид><Артикул>RM-${g}</Артикул><Наименование>Куртка «Чтение» ${g}</Наименование>` +
  `<Описание>Куртка утеплённая, мембрана, капюшон на молнии; размерный ряд 44–56, рост 170–188.</Описание></Товар>`;
const offer = (g: number, size: string) =>
  `<Предложение><Ид>${uid(g)}#${size}</Ид><Наименование>Куртка «Чтение» ${g} (${size})</Наименование>` +
  `<Цены><Цена><ИдТипаЦены>dealer</ИдТипаЦены><ЦенаЗаЕдиницу>${1000 + g}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена></Цены>` +
  `<Количество>${g % 7}</Количество></Предложение>`;

/** Reads and applies `xml`; answers the most elements found alive when a batch was staged, and the longest batch's text. */
async function readWatched(name: string, xml: string) {
  watched.elements = [];
  watched.aliveAtBatch = [];
  watched.texts = [];
  await writeFile(path.join(folder, name), xml);
  const counts = await importCatalogPackage(t.app, folder, name, { warehouses: [] });
  return { counts, batches: watched.aliveAtBatch.length, alive: Math.max(...watched.aliveAtBatch), longestText: Math.max(...watched.texts) };
}

describe('reading a package keeps none of its elements alive once taken', () => {
  it('goods: each is turned into its staged row as it is read', async () => {
    const goods = Array.from({ length: GOODS }, (_, g) => good(g));
    const read = await readWatched('import.xml', document(`<Каталог СодержитТолькоИзменения="false"><Товары>${goods.join('')}</Товары></Каталог>`));
    expect(read.counts).toMatchObject({ created: GOODS, refused: 0 });
    // Several batches, each checked; a batch held whole would be up to 500 elements.
    expect(read.batches).toBeGreaterThan(2);
    expect(read.alive).toBeLessThanOrEqual(TAKEN);
    // Each statement's text under V8's large-object size (a row may pass the bound it is checked against).
    expect(read.longestText).toBeLessThanOrEqual(STAGE_TEXT_CHARS + 1000);
  });

  it('offers: each is turned into its staged row as it is read', async () => {
    const offers = Array.from({ length: GOODS }, (_, g) => SIZES.map((size) => offer(g, size))).flat();
    const types = '<ТипыЦен><ТипЦены><Ид>dealer</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен>';
    const read = await readWatched('offers.xml', document(`<ПакетПредложений СодержитТолькоИзменения="false">${types}<Предложения>${offers.join('')}</Предложения></ПакетПредложений>`));
    expect(read.counts).toMatchObject({ kind: 'offers', created: offers.length, refused: 0 });
    // Several batches, each checked; a batch held whole would be up to 1,000 elements (150 KB of text here).
    expect(read.batches).toBeGreaterThan(2);
    expect(read.alive).toBeLessThanOrEqual(TAKEN);
    expect(read.longestText).toBeLessThanOrEqual(STAGE_TEXT_CHARS + 1000);
  });
});
