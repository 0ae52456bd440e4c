/**
 * The engine-thread experiment's database: synthetic products with articles and offers, and a statement shaped like
 * the article search (an index range of 20 matches as JSON, the best product with its offers). Plain JavaScript, so
 * a worker thread can load it without a TypeScript loader.
 */
export const PRODUCTS = 100_000;

export async function setup(db) {
  await db.exec(`
    create table products (id serial primary key, article text not null, article_key text not null, name text not null,
                           price numeric(14, 2) not null, detail text not null);
    insert into products (article, article_key, name, price, detail)
      select a, a, 'Костюм рабочий летний модель ' || i, (i % 5000) + 100.5, repeat('Описание товара. ', 20)
      from (select i, (array['КСТ', 'БТК', 'ПЕР', 'КЗМ', 'ЖЛТ', 'ОЧК', 'РСП', 'СПГ'])[1 + i % 8]
                      || lpad((i * 7919 % 100000)::text, 5, '0') as a
            from generate_series(1, ${PRODUCTS}) i) s;
    create index on products (article_key text_pattern_ops);
    create table offers (id serial primary key, product_id int not null, characteristic text, residue int, price numeric(14, 2));
    insert into offers (product_id, characteristic, residue, price)
      select p, s::text, p % 7, 100 from generate_series(1, ${PRODUCTS}) p, generate_series(44, 50, 2) s;
    create index on offers (product_id);
    analyze;`);
}

export const SEARCH = `
  with found as (
    select id, article, article_key, name, price from products
    where article_key ~>=~ $1 and article_key ~<~ $2 order by article_key using ~<~ limit 20)
  select
    (select coalesce(json_agg(json_build_object('id', id, 'article', article, 'name', name, 'price', price)
       order by article_key using ~<~), '[]') from found) as found,
    (select row_to_json(d) from (
       select p.*, (select json_agg(json_build_object('id', o.id, 'c', o.characteristic, 'r', o.residue, 'p', o.price))
                    from offers o where o.product_id = p.id) as offers
       from products p where p.id = (select id from found limit 1)) d) as details`;

export const KEYS = ['КСТ1', 'БТК10', 'ПЕР2', 'КЗМ3', 'ЖЛТ45', 'ОЧК12', 'РСП0', 'СПГ1'];

/** The range's upper bound: the key with its last character advanced. */
export const upperBound = (key) => key.slice(0, -1) + String.fromCodePoint(key.codePointAt(key.length - 1) + 1);
