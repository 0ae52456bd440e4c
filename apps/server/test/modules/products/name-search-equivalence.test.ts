/**
 * Name search by the word index finds what the trigram search of whole names found (issue #14): on a generated
 * catalogue of Russian workwear names, 1,000 random queries — whole words, prefixes, pieces from inside words, several
 * words, other case and ё, quotes, LIKE's wildcards, words found nowhere — give the same products in the same order from
 * both word indexes (the database's, and the catalogue index's in memory, which answers once it is built) as from the
 * trigram statement as it was (written out below). And both follow the products as they are added, renamed or deleted.
 */
import { NAME_WORD_MIN_LENGTH, nameKey, nameWords } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery, rowsOf } from '../../../src/db/client';
import { createRandom, type Random } from '../../../src/seed/random';
import { idsWithNameWords } from '../../../src/modules/catalog/catalog-index';
import { findByNameWords, likeEscape } from '../../../src/modules/products/products.repository';
import { createTestApp, type TestApp } from '../../support/helper';

/** The candidates name search reads before ranking (products.service.ts NAME_CANDIDATES). */
const CANDIDATES = 60;
const PRODUCTS = 4000;
const QUERIES = 1000;

const KINDS = [
  'Костюм рабочий летний', 'Костюм утеплённый «Север»', 'Костюм сварщика', 'Полукомбинезон', 'Куртка утеплённая',
  'Куртка-накидка', 'Жилет сигнальный', 'Халат рабочий', 'Халат технолога', 'Фартук прорезиненный', 'Брюки рабочие',
  'Ботинки кожаные', 'Ботинки зимние «Ё-мобиль»', 'Сапоги ПВХ', 'Сапоги кирзовые', 'Полусапоги', 'Туфли женские',
  'Перчатки нитриловые', 'Перчатки х/б с ПВХ', 'Рукавицы брезентовые', 'Каска защитная', 'Очки закрытые',
  'Респиратор FFP2', 'Полумаска 100%', 'Подшлемник_зимний', 'Футболка поло', 'Сорочка «Ёлка»',
];
const SERIES = ['Мастер', 'Профи', 'Север', 'Трудяга', 'Витязь', 'Стандарт', 'Гранит', 'Тайга', 'Титан', 'Енисей', 'Ёж', 'Люкс'];
const DETAILS = ['с СОП', 'хлопок', 'смесовая ткань', 'с МП подноском', 'на меху', 'бязь', 'ГОСТ 12.4.280', 'р. 44-46', '', '', ''];
const COLORS = ['серый/синий', 'синий', 'хаки', 'чёрный/оранжевый', 'белый', 'васильковый', 'оранжевый «сигнал»', 'ЧЁРНЫЙ'];

function productName(rng: Random): string {
  const detail = rng.pick(DETAILS);
  const name = `${rng.pick(KINDS)} "${rng.pick(SERIES)}"${detail ? ` ${detail}` : ''}, ${rng.pick(COLORS)}`;
  // Now and then doubled spaces or a capitalised word, as a catalogue from an accounting system has them.
  return rng.next() < 0.1 ? name.replace(' ', '  ') : rng.next() < 0.1 ? name.toUpperCase() : name;
}

function query(rng: Random, names: string[]): string {
  const words = rng.pick(names).split(/\s+/).filter(Boolean);
  const word = () => rng.pick(words);
  const piece = (text: string) => {
    const start = rng.int(0, Math.max(1, text.length - 2) - 1);
    return text.slice(start, start + 3 + rng.int(0, Math.max(1, text.length - start - 2) - 1));
  };
  const vary = (text: string) => {
    const roll = rng.next();
    if (roll < 0.2) return text.toUpperCase();
    if (roll < 0.35) return text.replaceAll('е', 'ё');
    if (roll < 0.45) return `«${text}»`;
    return text;
  };
  switch (rng.int(0, 8)) {
    case 0:
      return vary(word());
    case 1:
      return vary(word().slice(0, 3 + rng.int(0, 3)));
    case 2:
      return vary(piece(word()));
    case 3:
      return `${vary(word())} ${vary(word())}`;
    case 4:
      return `${vary(word().slice(0, 4))} ${vary(piece(word()))} ${vary(word())}`;
    case 5:
      // Found nowhere: a word no name has, or words of two names that never meet in one.
      return rng.pick(['щщщщ', 'костюмы', 'перчатки хаки сварщика', 'xyz', 'ботинки халат', 'тайга ПВХ бязь']);
    case 6:
      // LIKE's wildcards and escape typed literally, and words shorter than three letters.
      return rng.pick(['100%', 'подшлемник_', 'х/б', '%%%', '___', 'с сор', 'пвх \\', 'ё ё ёлка', 'р. 44-46', 'ЁЖ']);
    case 7:
      return `${vary(piece(word()))} ${vary(piece(word()))}`;
    default:
      return vary(`${word()} ${word()}`.slice(0, 5 + rng.int(0, 11)));
  }
}

let t: TestApp;
let names: string[] = [];

/** The name search statement before the word index: every word somewhere in name_key, through the trigram index. */
async function trigramSearch(words: string[], limit: number): Promise<number[]> {
  const conditions = words.map((_, i) => `name_key like $${i + 1}`).join(' and ');
  const rows = await rawQuery<{ id: number }>(
    t.app.db,
    `with matches as materialized (
        select id, article, name, price, price_opt as "priceOpt", status from products where ${conditions}
      )
      select * from matches limit $${words.length + 1}`,
    [...words.map((word) => `%${likeEscape(word)}%`), limit],
  );
  return rows.map((row) => Number(row.id));
}

const searchable = (text: string) => nameWords(text).filter((word) => word.length >= NAME_WORD_MIN_LENGTH);

/** The in-memory search, on the catalogue index as of now (the tests' index reads the database's changes first). */
async function inMemory(words: string[], limit: number): Promise<number[]> {
  const { snapshot } = await t.app.catalogIndex.current();
  return idsWithNameWords(snapshot.products, words, limit);
}

beforeAll(async () => {
  t = await createTestApp();
  // The seed's seeded generator: the same catalogue and queries on every run, so a failure can be replayed.
  const rng = createRandom(14);
  names = Array.from({ length: PRODUCTS }, () => productName(rng));
  const rows = names.map((name, i) => ({ uid: `equivalence-${i}`, name, article: `ЭКВ${String(i).padStart(5, '0')}`, name_key: nameKey(name) }));
  for (let from = 0; from < rows.length; from += 500) {
    await t.app.db.execute(sql`insert into products (uid, name, article, article_key, name_key, price, price_opt)
      select r.uid, r.name, r.article, r.article, r.name_key, 1000, 900
      from json_to_recordset(${JSON.stringify(rows.slice(from, from + 500))}::json) as r(uid text, name text, article text, name_key text)`);
  }
  // The trigram statement has no ORDER BY: it answers in the table's physical order. Laid out in id order (as a
  // catalogue loaded once is), that order is the id order the word index answers in.
  await t.app.db.execute(sql`cluster products using products_pkey`);
  await t.app.db.execute(sql`analyze`);
}, 600_000);
afterAll(() => t.close());

describe('name search by the word index and by trigrams', () => {
  it('has the generated catalogue, laid out in id order', async () => {
    const [row] = rowsOf<{ n: number; ordered: boolean }>(
      await t.app.db.execute(sql`select count(*)::int as n,
        bool_and(previous is null or previous < id) as ordered
        from (select id, lag(id) over (order by ctid) as previous from products) p`),
    );
    expect(row?.n).toBeGreaterThanOrEqual(PRODUCTS);
    expect(row?.ordered).toBe(true);
  });

  it(`finds the same products in the same order for ${QUERIES} random queries`, async () => {
    const rng = createRandom(1914);
    let compared = 0;
    let withMatches = 0;
    let overLimit = 0;
    for (let i = 0; i < QUERIES; i++) {
      const text = query(rng, names);
      const words = searchable(text);
      if (words.length === 0) {
        expect(await findByNameWords(t.app.db, words, CANDIDATES), text).toEqual([]);
        expect(await inMemory(words, CANDIDATES), text).toEqual([]);
        continue;
      }
      const before = await trigramSearch(words, CANDIDATES);
      const after = await findByNameWords(t.app.db, words, CANDIDATES);
      expect(after.map((row) => row.id), `«${text}»`).toEqual(before);
      expect(await inMemory(words, CANDIDATES), `«${text}», in memory`).toEqual(before);
      // Every match, not only the first 60, for every fifth query (and whenever the first 60 are all there are).
      const all = before.length < CANDIDATES ? before : i % 5 === 0 ? await trigramSearch(words, 1_000_000) : undefined;
      if (all && before.length === CANDIDATES) {
        expect((await findByNameWords(t.app.db, words, 1_000_000)).map((row) => row.id), `«${text}», every match`).toEqual(all);
        expect(await inMemory(words, 1_000_000), `«${text}», every match in memory`).toEqual(all);
      }
      compared++;
      if (before.length > 0) withMatches++;
      if (all && all.length > CANDIDATES) overLimit++;
    }
    // The queries cover what they claim: many with matches, many without, many with more than the candidates read.
    expect(compared).toBeGreaterThan(QUERIES * 0.8);
    expect(withMatches).toBeGreaterThan(QUERIES * 0.5);
    expect(compared - withMatches).toBeGreaterThan(QUERIES * 0.05);
    expect(overLimit).toBeGreaterThan(QUERIES * 0.03);
  }, 600_000);
});

describe('the word index follows the products', () => {
  // Both indexes must answer alike at every step.
  const find = async (text: string) => {
    const found = (await findByNameWords(t.app.db, searchable(text), 1000)).map((row) => row.id);
    expect(await inMemory(searchable(text), 1000), `«${text}», in memory`).toEqual(found);
    return found;
  };
  const idOf = async (uid: string) =>
    Number(rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products where uid = ${uid}`))[0]?.id);
  const indexed = async (id: number) =>
    rowsOf<{ word: string }>(
      await t.app.db.execute(sql`select w.word from product_name_words x join name_words w on w.id = x.word_id
        where x.product_id = ${id} order by w.word`),
    ).map((row) => row.word);

  it('indexes a new product, renames it, leaves it alone when only its price changes, and forgets it when deleted', async () => {
    const name = 'Плащ-дождевик «Ливень» ПРОРЕЗИНЕННЫЙ';
    await t.app.db.execute(sql`insert into products (uid, name, article, article_key, name_key, price, price_opt)
      values ('index-follows', ${name}, 'ПЛЩ001', 'ПЛЩ001', ${nameKey(name)}, 2000, 1800)`);
    const id = await idOf('index-follows');
    expect(await indexed(id)).toEqual(['ливень', 'плащ-дождевик', 'прорезиненный']);
    expect(await find('дождевик ливень')).toEqual([id]);

    const renamed = 'Плащ «Морось» влагостойкий';
    await t.app.db.execute(sql`update products set name = ${renamed}, name_key = ${nameKey(renamed)} where id = ${id}`);
    expect(await indexed(id)).toEqual(['влагостойкий', 'морось', 'плащ']);
    expect(await find('дождевик ливень')).toEqual([]);
    expect(await find('морось плащ')).toEqual([id]);

    await t.app.db.execute(sql`update products set price = 2100 where id = ${id}`);
    expect(await indexed(id)).toEqual(['влагостойкий', 'морось', 'плащ']);

    await t.app.db.execute(sql`delete from products where id = ${id}`);
    expect(await indexed(id)).toEqual([]);
    expect(await find('морось плащ')).toEqual([]);
  });

  it('indexes many products written by one statement, and a renaming of several at once', async () => {
    await t.app.db.execute(sql`insert into products (uid, name, article, article_key, name_key, price, price_opt)
      select 'bulk-' || g, 'Накидка «Бриз» ' || g, 'НКД' || lpad(g::text, 3, '0'), 'НКД' || lpad(g::text, 3, '0'), 'накидка бриз ' || g, 100, 90
      from generate_series(1, 50) g`);
    const ids = rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products where uid like 'bulk-%' order by id`)).map((row) => Number(row.id));
    expect(await find('накидка бриз')).toEqual(ids);
    await t.app.db.execute(sql`update products set name_key = replace(name_key, 'бриз', 'штиль') where uid like 'bulk-%' and name_key like '%1'`);
    const renamed = rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products where uid like 'bulk-%' and name_key like '%1' order by id`)).map((row) => Number(row.id));
    expect(renamed.length).toBe(5);
    expect(await find('накидка штиль')).toEqual(renamed);
    expect(await find('накидка бриз')).toEqual(ids.filter((id) => !renamed.includes(id)));
    // Each product's index rows are exactly the words of its name_key, nothing left over.
    const stale = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from product_name_words x join name_words w on w.id = x.word_id
        join products p on p.id = x.product_id where not (w.word = any(string_to_array(p.name_key, ' ')))`),
    )[0]?.n;
    expect(stale).toBe(0);
    const missing = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from products p cross join lateral unnest(string_to_array(p.name_key, ' ')) w(word)
        where w.word <> '' and not exists (select 1 from product_name_words x join name_words nw on nw.id = x.word_id
          where x.product_id = p.id and nw.word = w.word)`),
    )[0]?.n;
    expect(missing).toBe(0);
  });

  // Last: it empties the catalogue of this file's database.
  it('is emptied with the products when they are truncated', async () => {
    const rows = async () => rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from product_name_words`))[0]?.n;
    expect(await rows()).toBeGreaterThan(0);
    await t.app.db.execute(sql`truncate products cascade`);
    expect(await rows()).toBe(0);
    expect(await find('костюм')).toEqual([]);
  });
});
