/**
 * The catalogue's pages computed in SQL, statement by statement: how the catalogue answered before its in-memory index
 * (modules/catalog/catalog-index.ts), kept as the reference the index is compared with (catalog-index.test.ts). Each
 * figure is a direct query of the whole scope, so it is slow at scale and obviously right at any size.
 */
import {
  CATALOG_STATUS_VALUES,
  NEW_PRODUCT_DAYS,
  POPULARITY_DAYS,
  activeCatalogFilters,
  catalogPageCount,
  catalogPageOffset,
  toKopecks,
  type CatalogFilters,
  type CatalogSort,
} from '@portal/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../src/db/client';
import type { CatalogScope, FilterName } from '../../src/modules/catalog/catalog-index';

export interface CatalogPageQuery {
  scope: CatalogScope;
  filters: CatalogFilters;
  sort: CatalogSort;
  halves: { listHalves: number; dealerHalves: number };
  partnerId: number | null;
  page: number;
  pageSize: number;
}

interface ReferenceCard {
  id: number;
  dealerKopecks: number;
  bought: string | null;
}

const kopecks = (column: SQL) => sql`(${column} * 100)::bigint`;

/** The dealer's price in kopecks: `priceKopecksForHalves` of packages/domain written in SQL (prices are never negative, so +1 then /2 is half up). */
function dealerKopecksOf(halves: CatalogPageQuery['halves']): SQL {
  return sql`((${kopecks(sql`p.price`)} * ${halves.listHalves} + ${kopecks(sql`p.price_opt`)} * ${halves.dealerHalves} + 1) / 2)`;
}

function scopeCondition(scope: CatalogScope): SQL {
  if ('groupCodes' in scope) return sql`p.group_code in (${sql.join(scope.groupCodes.map((code) => sql`${code}`), sql`, `)})`;
  if ('seasonSale' in scope) return sql`p.season_sale`;
  return sql`true`;
}

const listOf = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const FACET_COLUMNS: Record<'type' | 'season' | 'protection' | 'standard', SQL> = {
  type: sql`p.type`,
  season: sql`p.season`,
  protection: sql`p.protection_class`,
  standard: sql`p.standard`,
};

const newSince = sql`now() - make_interval(days => ${NEW_PRODUCT_DAYS})`;

/** One status value as a condition: a product status, or «new» (came into the catalogue lately). */
function statusCondition(value: string): SQL {
  return value === 'new' ? sql`p.created_at > ${newSince}` : sql`p.status = ${value}`;
}

/**
 * The conditions of the filters that are set, leaving out `except` (a filter's own counts are taken without it). Size
 * and stock together mean «this size in stock»: the same offer must be of the size and have stock.
 */
function filterConditions(filters: CatalogFilters, halves: CatalogPageQuery['halves'], except?: FilterName): SQL[] {
  const conditions: SQL[] = [];
  const sizes = except === 'size' ? [] : filters.size;
  const inStock = except !== 'inStock' && filters.inStock;
  if (sizes.length > 0) {
    conditions.push(
      sql`exists (select 1 from offers o where o.product_id = p.id and o.characteristic in (${listOf(sizes)})${inStock ? sql` and o.residue > 0` : sql``})`,
    );
  } else if (inStock) {
    conditions.push(sql`exists (select 1 from offers o where o.product_id = p.id and o.residue > 0)`);
  }
  for (const facet of ['type', 'season', 'protection', 'standard'] as const) {
    if (except !== facet && filters[facet].length > 0) conditions.push(sql`${FACET_COLUMNS[facet]} in (${listOf(filters[facet])})`);
  }
  if (except !== 'status' && filters.status.length > 0) {
    conditions.push(sql`(${sql.join(filters.status.map(statusCondition), sql` or `)})`);
  }
  if (except !== 'price') {
    const dealer = dealerKopecksOf(halves);
    if (filters.priceFrom !== null) conditions.push(sql`${dealer} >= ${toKopecks(filters.priceFrom)}`);
    if (filters.priceTo !== null) conditions.push(sql`${dealer} <= ${toKopecks(filters.priceTo)}`);
  }
  return conditions;
}

const allOf = (conditions: SQL[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));

function orderBy(sort: CatalogSort, halves: CatalogPageQuery['halves']): SQL {
  switch (sort) {
    case 'price':
      return sql`${dealerKopecksOf(halves)} asc, p.id asc`;
    case '-price':
      return sql`${dealerKopecksOf(halves)} desc, p.id asc`;
    case 'name':
      // Russian order on both engines: see migration 0009 (root ICU collation, Latin-initial names after Cyrillic).
      return sql`p.name_latin asc, p.name collate "und-x-icu" asc, p.id asc`;
    case 'new':
      return sql`p.created_at desc, p.id desc`;
    case 'popular':
      return sql`coalesce(popular.units, 0) desc, p.id asc`;
    default:
      return sql`p.id asc`;
  }
}

/** Units each product was ordered in, by all dealers, over the last POPULARITY_DAYS: aggregated once per query. */
const popularJoin = sql`left join (
  select l.product_id, sum(l.quantity)::int as units
  from order_lines l join orders ord on ord.id = l.order_id
  where ord.created_at > now() - make_interval(days => ${POPULARITY_DAYS})
  group by l.product_id
) popular on popular.product_id = p.id`;

type ValueCount = { value: string; count: number };

/** A page of a catalogue with its filters' counts; `page` in the answer is the page served (the last when asked past it). */
export async function referenceCatalogPage(db: DbOrTx, query: CatalogPageQuery) {
  const { filters, halves } = query;
  const scope = scopeCondition(query.scope);
  const where = allOf([scope, ...filterConditions(filters, halves)]);
  const others = (name: FilterName) => allOf(filterConditions(filters, halves, name));

  const [totalRow] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products p where ${where}`));
  const total = totalRow?.n ?? 0;
  const page = Math.max(1, Math.min(query.page, catalogPageCount(total, query.pageSize)));
  const offset = catalogPageOffset(page, query.pageSize);

  const bought =
    query.partnerId === null
      ? sql`null::text`
      : sql`(select to_char(max(ord.created_at) at time zone 'Europe/Moscow', 'YYYY-MM-DD')
             from order_lines l join orders ord on ord.id = l.order_id
             where l.product_id = p.id and ord.partner_id = ${query.partnerId})`;
  const rows = rowsOf<ReferenceCard>(
    await db.execute(sql`
      select p.id, ${dealerKopecksOf(halves)}::float8 as "dealerKopecks", ${bought} as bought
      from products p ${query.sort === 'popular' ? popularJoin : sql``}
      where ${where}
      order by ${orderBy(query.sort, halves)}
      limit ${query.pageSize} offset ${offset}`),
  );

  const facetCounts = async (facet: 'type' | 'season' | 'protection' | 'standard'): Promise<ValueCount[]> =>
    rowsOf<ValueCount>(
      await db.execute(sql`
        select ${FACET_COLUMNS[facet]} as value, (count(*) filter (where ${others(facet)}))::int as count
        from products p where ${scope} and ${FACET_COLUMNS[facet]} is not null
        group by 1 order by ${FACET_COLUMNS[facet]} collate "und-x-icu"`),
    );
  const sizeCounts = async (): Promise<ValueCount[]> =>
    rowsOf<ValueCount>(
      await db.execute(sql`
        select o.characteristic as value,
          (count(distinct p.id) filter (where ${others('size')}${filters.inStock ? sql` and o.residue > 0` : sql``}))::int as count
        from products p join offers o on o.product_id = p.id
        where ${scope}
        group by 1`),
    ).sort((a, b) => a.value.localeCompare(b.value, 'ru', { numeric: true }));
  const statusCounts = async (): Promise<ValueCount[]> => {
    const statusOthers = others('status');
    const [row] = rowsOf<Record<string, number>>(
      await db.execute(sql`
        select ${sql.join(
          CATALOG_STATUS_VALUES.map((value) => sql`(count(*) filter (where ${statusOthers} and ${statusCondition(value)}))::int as ${sql.identifier(value)}`),
          sql`, `,
        )}
        from products p where ${scope}`),
    );
    return CATALOG_STATUS_VALUES.map((value) => ({ value, count: row?.[value] ?? 0 }));
  };
  const [stockRow] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from products p
      where ${scope} and ${others('inStock')}
        and exists (select 1 from offers o where o.product_id = p.id and o.residue > 0
                    ${filters.size.length > 0 ? sql`and o.characteristic in (${listOf(filters.size)})` : sql``})`),
  );
  const [priceRow] = rowsOf<{ min: number | null; max: number | null }>(
    await db.execute(sql`
      select min(${dealerKopecksOf(halves)})::float8 as min, max(${dealerKopecksOf(halves)})::float8 as max
      from products p where ${scope} and ${others('price')}`),
  );
  // Sequential, not Promise.all: PGlite runs one statement at a time anyway, and a pool's connections are shared.
  const counts = {
    inStock: stockRow?.n ?? 0,
    type: await facetCounts('type'),
    season: await facetCounts('season'),
    size: await sizeCounts(),
    protection: await facetCounts('protection'),
    standard: await facetCounts('standard'),
    status: await statusCounts(),
    price: { min: priceRow?.min ?? null, max: priceRow?.max ?? null },
  };

  const without: Array<{ filter: FilterName; total: number }> = [];
  for (const filter of activeCatalogFilters(filters)) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from products p where ${scope} and ${others(filter)}`),
    );
    without.push({ filter, total: row?.n ?? 0 });
  }
  return { rows, total, page, counts, without };
}

