/**
 * The demo catalogue: groups with zones for the interactive catalogue, and SEED_PRODUCTS workwear and safety-footwear
 * products, each field a deterministic SQL expression of the product's number (generate_series), sent as the ERP's
 * products with their offers through the integration module's catalogue load (checked by the API's rules, written
 * set-based), so a million products stay a matter of minutes. Offers per size/height and organisation with stock,
 * some products without offers, statuses on some; pictures and certificate PDFs are drawn once per model line and
 * shared by its products, sent as the ERP sends a product's files (each file once, then by its sha256). Idempotent:
 * products already there are not sent again, and pictures and certificates are sent only for products without them.
 */
import { createHash } from 'node:crypto';
import { ORGANISATION, moscowDay } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import type { FileStorage } from '../lib/storage';
import { drawProductPicture, renderCertificatePdf, type Pictogram } from '../modules/catalog';
import { importCatalogue, importProductFiles } from '../modules/integration';
import { asTheErp, sendBatches } from './erp';

type Zone = 'head' | 'hands' | 'body' | 'feet';

export const CATALOG_GROUPS: Array<{ code: string; name: string; parent?: string; zone?: Zone }> = [
  { code: 'odezhda', name: 'Спецодежда', zone: 'body' },
  { code: 'odezhda-letnyaya', name: 'Летняя спецодежда', parent: 'odezhda' },
  { code: 'odezhda-zimnyaya', name: 'Зимняя спецодежда', parent: 'odezhda' },
  { code: 'odezhda-signalnaya', name: 'Сигнальная одежда', parent: 'odezhda' },
  { code: 'obuv', name: 'Спецобувь', zone: 'feet' },
  { code: 'obuv-kozhanaya', name: 'Кожаная обувь', parent: 'obuv' },
  { code: 'obuv-zimnyaya', name: 'Зимняя обувь', parent: 'obuv' },
  { code: 'obuv-sapogi', name: 'Сапоги', parent: 'obuv' },
  { code: 'ruki', name: 'Защита рук', zone: 'hands' },
  { code: 'ruki-perchatki', name: 'Перчатки', parent: 'ruki' },
  { code: 'ruki-rukavitsy', name: 'Рукавицы', parent: 'ruki' },
  { code: 'golova', name: 'Защита головы, глаз и дыхания', zone: 'head' },
  { code: 'golova-kaski', name: 'Каски', parent: 'golova' },
  { code: 'golova-ochki', name: 'Очки защитные', parent: 'golova' },
  { code: 'golova-respiratory', name: 'Респираторы', parent: 'golova' },
];

const WEAR_SIZES = ['170-176/88-92', '170-176/96-100', '182-188/104-108', '182-188/112-116', '194-200/120-124'];
const SHOE_SIZES = ['39', '40', '41', '42', '43', '44', '45', '46'];
const GLOVE_SIZES = ['8', '9', '10', '11'];
const ONE_SIZE = ['универсальный'];

interface Kind {
  prefix: string;
  group: string;
  type: 'wear' | 'shoes';
  org: string;
  names: string[];
  suffixes: string[];
  colors: string[];
  sizes: string[];
  price: number;
  weight: number;
  volume: number;
  protect: string;
  detail: string;
  properties: Array<{ NAME: string; VALUE: string }>;
  pictogram: Pictogram;
  rgb: Array<[number, number, number]>;
}

const SERIES = ['Мастер', 'Профи', 'Север', 'Трудяга', 'Витязь', 'Стандарт', 'Гранит', 'Тайга', 'Титан', 'Енисей', 'Байкал', 'Урал', 'Спектр', 'Вектор', 'Форвард', 'Люкс'];
const ARTICLE_LETTERS = 'АБВГДЕЖИКЛМНПРСТУФХЦЧШЭЮЯ';

const KINDS: Kind[] = [
  {
    prefix: 'КСТ', group: 'odezhda-letnyaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Костюм рабочий летний', 'Костюм летний', 'Костюм мужской летний'],
    suffixes: ['с СОП', 'с полукомбинезоном', 'хлопок', 'смесовая ткань'], colors: ['серый/синий', 'синий/голубой', 'хаки', 'чёрный/оранжевый'],
    sizes: WEAR_SIZES, price: 2400, weight: 1.1, volume: 0.006, protect: 'З Ми Ов',
    detail: 'Куртка и брюки из смесовой ткани 65% полиэфир, 35% хлопок, плотность 210 г/м². Усиленные накладки на коленях, светоотражающие полосы, много карманов.',
    properties: [{ NAME: 'Ткань', VALUE: 'смесовая, 210 г/м²' }, { NAME: 'Сезон', VALUE: 'лето' }, { NAME: 'ГОСТ', VALUE: '12.4.280-2014' }],
    pictogram: 'wear', rgb: [[86, 98, 122], [40, 84, 160], [104, 112, 70], [34, 34, 40]],
  },
  {
    prefix: 'ХЛТ', group: 'odezhda-letnyaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Халат рабочий', 'Халат женский', 'Халат технолога'],
    suffixes: ['хлопок', 'бязь', ''], colors: ['белый', 'синий', 'серый'],
    sizes: WEAR_SIZES, price: 1500, weight: 0.6, volume: 0.004, protect: 'З Ми',
    detail: 'Халат прямого силуэта на пуговицах, с тремя накладными карманами и хлястиком. Ткань хорошо переносит промышленную стирку.',
    properties: [{ NAME: 'Ткань', VALUE: 'хлопок 100%' }, { NAME: 'Сезон', VALUE: 'всесезонный' }],
    pictogram: 'wear', rgb: [[200, 204, 210], [40, 84, 160], [120, 124, 130]],
  },
  {
    prefix: 'ПКБ', group: 'odezhda-letnyaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Полукомбинезон рабочий', 'Полукомбинезон летний'],
    suffixes: ['с наколенниками', 'смесовая ткань', ''], colors: ['синий', 'серый', 'оранжевый'],
    sizes: WEAR_SIZES, price: 1700, weight: 0.7, volume: 0.004, protect: 'З Ми',
    detail: 'Полукомбинезон с регулируемыми лямками, нагрудным карманом и карманами для наколенников.',
    properties: [{ NAME: 'Ткань', VALUE: 'смесовая, 240 г/м²' }, { NAME: 'Сезон', VALUE: 'лето' }],
    pictogram: 'vest', rgb: [[40, 84, 160], [110, 116, 128], [232, 118, 32]],
  },
  {
    prefix: 'ФТБ', group: 'odezhda-letnyaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Футболка хлопковая', 'Футболка-поло', 'Футболка рабочая'],
    suffixes: ['с логотипом', ''], colors: ['белая', 'чёрная', 'тёмно-синяя', 'оранжевая'],
    sizes: WEAR_SIZES, price: 450, weight: 0.2, volume: 0.001, protect: '',
    detail: 'Футболка из хлопкового трикотажа 160 г/м², не садится после стирки.',
    properties: [{ NAME: 'Ткань', VALUE: 'трикотаж, хлопок 100%' }],
    pictogram: 'wear', rgb: [[226, 228, 232], [30, 30, 34], [28, 46, 90], [232, 118, 32]],
  },
  {
    prefix: 'КЗМ', group: 'odezhda-zimnyaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Костюм зимний', 'Костюм утеплённый', 'Костюм для ИТР зимний'],
    suffixes: ['с полукомбинезоном', 'с брюками', ''], colors: ['тёмно-синий/васильковый', 'серый/чёрный', 'камуфляж'],
    sizes: WEAR_SIZES, price: 7800, weight: 2.6, volume: 0.02, protect: 'Тн З Ми',
    detail: 'Куртка и полукомбинезон на утеплителе «Термофин» 3 слоя, ветрозащитная планка, съёмный капюшон. Для III и IV климатических поясов.',
    properties: [{ NAME: 'Утеплитель', VALUE: 'Термофин, 3 слоя' }, { NAME: 'Сезон', VALUE: 'зима' }, { NAME: 'Климатический пояс', VALUE: 'III–IV' }],
    pictogram: 'wear', rgb: [[28, 46, 90], [80, 84, 92], [92, 104, 64]],
  },
  {
    prefix: 'КРТ', group: 'odezhda-zimnyaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Куртка утеплённая', 'Куртка зимняя', 'Куртка-парка'],
    suffixes: ['с капюшоном', 'мембрана', ''], colors: ['чёрная', 'синяя', 'хаки'],
    sizes: WEAR_SIZES, price: 5200, weight: 1.6, volume: 0.012, protect: 'Тн З',
    detail: 'Утеплённая куртка с высоким воротом и ветрозащитными манжетами, два слоя утеплителя.',
    properties: [{ NAME: 'Утеплитель', VALUE: 'синтепон, 2 слоя' }, { NAME: 'Сезон', VALUE: 'зима' }],
    pictogram: 'wear', rgb: [[34, 34, 40], [40, 84, 160], [104, 112, 70]],
  },
  {
    prefix: 'ЖЛТ', group: 'odezhda-signalnaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Жилет сигнальный', 'Жилет повышенной видимости'],
    suffixes: ['2 класс защиты', '1 класс защиты', 'с карманами'], colors: ['оранжевый', 'лимонный'],
    sizes: WEAR_SIZES, price: 450, weight: 0.15, volume: 0.001, protect: 'Со',
    detail: 'Сигнальный жилет из флуоресцентной ткани со световозвращающими полосами 50 мм.',
    properties: [{ NAME: 'Класс защиты', VALUE: '2' }, { NAME: 'ГОСТ', VALUE: '12.4.281-2014' }],
    pictogram: 'vest', rgb: [[245, 120, 20], [214, 226, 30]],
  },
  {
    prefix: 'КСГ', group: 'odezhda-signalnaya', type: 'wear', org: ORGANISATION.FRO,
    names: ['Костюм сигнальный летний', 'Костюм сигнальный зимний'],
    suffixes: ['3 класс защиты', '2 класс защиты'], colors: ['оранжевый/синий', 'лимонный/серый'],
    sizes: WEAR_SIZES, price: 4100, weight: 1.4, volume: 0.01, protect: 'Со З Ми',
    detail: 'Сигнальный костюм для дорожных работ: флуоресцентная ткань, световозвращающие полосы по ГОСТ.',
    properties: [{ NAME: 'Класс защиты', VALUE: '3' }, { NAME: 'ГОСТ', VALUE: '12.4.281-2014' }],
    pictogram: 'wear', rgb: [[245, 120, 20], [214, 226, 30]],
  },
  {
    prefix: 'БТК', group: 'obuv-kozhanaya', type: 'shoes', org: ORGANISATION.ES,
    names: ['Ботинки кожаные', 'Ботинки рабочие', 'Полуботинки кожаные'],
    suffixes: ['с МП', 'с КП', 'ПУ/ТПУ', 'ПУ/нитрил'], colors: ['чёрные', 'коричневые'],
    sizes: SHOE_SIZES, price: 3200, weight: 1.5, volume: 0.012, protect: 'Мун200 Мп Сж Нм',
    detail: 'Ботинки из натуральной кожи с композитным подноском, антипрокольной стелькой и подошвой ПУ/ТПУ, устойчивой к маслам и истиранию.',
    properties: [{ NAME: 'Верх', VALUE: 'натуральная кожа' }, { NAME: 'Подошва', VALUE: 'ПУ/ТПУ' }, { NAME: 'Подносок', VALUE: 'композитный, 200 Дж' }, { NAME: 'ТР ТС', VALUE: '019/2011' }],
    pictogram: 'shoes', rgb: [[30, 30, 34], [104, 64, 36]],
  },
  {
    prefix: 'БЗМ', group: 'obuv-zimnyaya', type: 'shoes', org: ORGANISATION.ES,
    names: ['Ботинки утеплённые', 'Ботинки зимние', 'Сапоги зимние на меху'],
    suffixes: ['с МП', 'натуральный мех', 'ПУ/нитрил'], colors: ['чёрные'],
    sizes: SHOE_SIZES, price: 4600, weight: 1.9, volume: 0.016, protect: 'Тн30 Мун200 Сж',
    detail: 'Зимняя обувь на натуральном меху с морозостойкой подошвой до −40 °С.',
    properties: [{ NAME: 'Верх', VALUE: 'натуральная кожа' }, { NAME: 'Утеплитель', VALUE: 'натуральный мех' }, { NAME: 'Морозостойкость', VALUE: 'до −40 °С' }, { NAME: 'ТР ТС', VALUE: '019/2011' }, { NAME: 'Сезон', VALUE: 'зима' }],
    pictogram: 'shoes', rgb: [[30, 30, 34]],
  },
  {
    prefix: 'СПГ', group: 'obuv-sapogi', type: 'shoes', org: ORGANISATION.ES,
    names: ['Сапоги кожаные', 'Сапоги ПВХ', 'Сапоги ЭВА'],
    suffixes: ['с МП', 'химостойкие', ''], colors: ['чёрные', 'зелёные', 'оливковые'],
    sizes: SHOE_SIZES, price: 2100, weight: 1.7, volume: 0.018, protect: 'Вн Мун200 Сж',
    detail: 'Сапоги для работы во влажной среде, с рифлёной подошвой против скольжения.',
    properties: [{ NAME: 'Материал', VALUE: 'ПВХ' }, { NAME: 'Высота голенища', VALUE: '36 см' }],
    pictogram: 'shoes', rgb: [[30, 30, 34], [60, 110, 60], [96, 100, 60]],
  },
  {
    prefix: 'ПЕР', group: 'ruki-perchatki', type: 'wear', org: ORGANISATION.ES,
    names: ['Перчатки нитриловые', 'Перчатки х/б с ПВХ', 'Перчатки трикотажные с латексом', 'Перчатки кожаные'],
    suffixes: ['', 'утеплённые', 'маслобензостойкие'], colors: ['синие', 'серые', 'чёрные'],
    sizes: GLOVE_SIZES, price: 60, weight: 0.05, volume: 0.0002, protect: 'Ми Мп',
    detail: 'Рабочие перчатки с покрытием ладони: надёжный захват сухих и замасленных деталей.',
    properties: [{ NAME: 'Основа', VALUE: 'трикотаж' }, { NAME: 'Покрытие', VALUE: 'нитрил' }],
    pictogram: 'gloves', rgb: [[40, 84, 160], [110, 116, 128], [30, 30, 34]],
  },
  {
    prefix: 'РКВ', group: 'ruki-rukavitsy', type: 'wear', org: ORGANISATION.ES,
    names: ['Рукавицы брезентовые', 'Рукавицы утеплённые', 'Рукавицы спилковые'],
    suffixes: ['', 'с крагами'], colors: ['натуральные', 'серые'],
    sizes: ONE_SIZE, price: 90, weight: 0.12, volume: 0.0005, protect: 'Ми Тп',
    detail: 'Рукавицы для грубых работ и работ с горячими поверхностями.',
    properties: [{ NAME: 'Материал', VALUE: 'брезент' }],
    pictogram: 'gloves', rgb: [[160, 130, 80], [110, 116, 128]],
  },
  {
    prefix: 'КСК', group: 'golova-kaski', type: 'wear', org: ORGANISATION.FRO,
    names: ['Каска защитная', 'Каска с храповиком'],
    suffixes: ['', 'с подбородочным ремнём'], colors: ['белая', 'жёлтая', 'оранжевая', 'красная'],
    sizes: ONE_SIZE, price: 650, weight: 0.4, volume: 0.008, protect: 'Ву Мун',
    detail: 'Защитная каска из ударопрочного полиэтилена с шеститочечным оголовьем.',
    properties: [{ NAME: 'Материал', VALUE: 'HDPE' }, { NAME: 'ГОСТ', VALUE: 'EN 397-2012' }],
    pictogram: 'helmet', rgb: [[226, 228, 232], [240, 200, 30], [245, 120, 20], [200, 40, 40]],
  },
  {
    prefix: 'ОЧК', group: 'golova-ochki', type: 'wear', org: ORGANISATION.FRO,
    names: ['Очки защитные открытые', 'Очки закрытые', 'Очки с непрямой вентиляцией'],
    suffixes: ['прозрачные', 'затемнённые', 'с покрытием против запотевания'], colors: ['оправа синяя'],
    sizes: ONE_SIZE, price: 280, weight: 0.05, volume: 0.0006, protect: 'Ми',
    detail: 'Очки с поликарбонатными линзами, защита от механических воздействий и ультрафиолета.',
    properties: [{ NAME: 'Линза', VALUE: 'поликарбонат' }],
    pictogram: 'glasses', rgb: [[40, 84, 160]],
  },
  {
    prefix: 'РСП', group: 'golova-respiratory', type: 'wear', org: ORGANISATION.FRO,
    names: ['Респиратор ФПП', 'Полумаска фильтрующая'],
    suffixes: ['FFP1', 'FFP2', 'FFP3 с клапаном'], colors: ['белый'],
    sizes: ONE_SIZE, price: 120, weight: 0.02, volume: 0.0003, protect: 'Аз',
    detail: 'Фильтрующая полумаска для защиты от пыли и аэрозолей.',
    properties: [{ NAME: 'Класс защиты', VALUE: 'FFP2' }],
    pictogram: 'mask', rgb: [[200, 204, 210]],
  },
];

/** Products generated, checked and written at a time: their items are held in memory as JSON. */
const BATCH = 20_000;

/**
 * The article of the i-th product of a kind (SQL over `i` and `k.prefix`), in the forms dealers meet: «КСТ105А»
 * (three digits and a letter), «КСТ0042» and «КСТ-43». Unique for every i a 2,000,000-product seed reaches
 * (test/seed/catalog.test.ts). lpad must not cut: lpad('10000', 4) is '1000', the article of another product.
 */
export const SEED_ARTICLE = sql.raw(`case
    when i % 3 = 0 and i / 3 < ${900 * ARTICLE_LETTERS.length}
      then k.prefix || ((i / 3) % 900 + 100)::text || substr('${ARTICLE_LETTERS}', 1 + (i / 3 / 900)::int, 1)
    when i % 3 = 1 then k.prefix || lpad(i::text, greatest(4, length(i::text)), '0')
    else k.prefix || '-' || i::text
  end`);

export async function seedCatalog(db: Db, storage: FileStorage, productCount: number, log: (message: string) => void = () => {}): Promise<void> {
  await asTheErp(db, storage, (app) =>
    sendBatches(
      app,
      'catalog-groups',
      CATALOG_GROUPS.map((group, i) => ({ code: group.code, name: group.name, parent_code: group.parent ?? null, sort: i, zone: group.zone ?? null })),
    ),
  );

  // Shared files first: one picture per kind and colour, one certificate per kind, drawn here and sent as the ERP
  // sends a product's files (/product-files): each file's bytes once, then by its sha256.
  const files = new Map<string, Buffer>();
  const shaOf = (bytes: Buffer) => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    files.set(sha256, bytes);
    return sha256;
  };
  const pictureShas = new Map<Kind, string[]>();
  const certificateShas = new Map<Kind, string>();
  for (const kind of KINDS) {
    const pictures: string[] = [];
    for (const rgb of kind.rgb) pictures.push(shaOf(await drawProductPicture(kind.pictogram, rgb)));
    pictureShas.set(kind, pictures);
    certificateShas.set(
      kind,
      shaOf(
        await renderCertificatePdf({
          number: certificateNumber(kind),
          productLine: `${kind.names.join(', ')} (артикулы ${kind.prefix}…)`,
          regulation: kind.type === 'shoes' ? 'ТР ТС 019/2011 «О безопасности средств индивидуальной защиты»' : 'ТР ТС 019/2011 «О безопасности средств индивидуальной защиты»',
          validFrom: '15.01.2025',
          validUntil: '14.01.2030',
          manufacturer: 'ООО «ФРО», 603000, г. Нижний Новгород, ул. Промышленная, д. 12',
        }),
      ),
    );
  }
  const sent = new Set<string>();
  /** A file by its sha256, or by its bytes the first time this seed sends it. */
  const fileOf = (sha256: string) => {
    if (sent.has(sha256)) return { sha256 };
    sent.add(sha256);
    return { content: files.get(sha256)!.toString('base64') };
  };

  const kinds = KINDS.map((kind, index) => ({
    idx: index,
    prefix: kind.prefix,
    grp: kind.group,
    type: kind.type,
    org: kind.org,
    other_org: kind.org === ORGANISATION.FRO ? ORGANISATION.ES : ORGANISATION.FRO,
    names: kind.names,
    suffixes: kind.suffixes,
    colors: kind.colors,
    sizes: kind.sizes,
    price: kind.price,
    weight: kind.weight,
    volume: kind.volume,
    protect: kind.protect,
    detail: kind.detail,
    props: JSON.stringify(kind.properties),
    picture_shas: pictureShas.get(kind)!,
    cert_number: certificateNumber(kind),
    cert_sha: certificateShas.get(kind)!,
  }));
  const kindsJson = JSON.stringify(kinds);
  // A temporary table, not the JSON itself in the joins: the planner would parse the JSON again for every product.
  await db.execute(sql`drop table if exists seed_kinds`);
  await db.execute(sql`create temp table seed_kinds as select * from jsonb_to_recordset(${kindsJson}::jsonb) as k(idx int, prefix text,
    grp text, type text, org text, other_org text, names text[], suffixes text[], colors text[], sizes text[], price numeric,
    weight numeric, volume numeric, protect text, detail text, props text, picture_shas text[], cert_number text, cert_sha text)`);
  const kindsTable = sql`seed_kinds k`;
  const kindCount = KINDS.length;

  for (let from = 1; from <= productCount; from += BATCH) {
    const to = Math.min(productCount, from + BATCH - 1);
    const started = Date.now();
    // The batch's products as the ERP sends them (/api/integration/products, offers inside), each field a function
    // of g, the product's number: kind = (g-1) % kinds, i = its number within the kind. Offers: each size of the kind,
    // skipping about a quarter, from the kind's organisation; every sixth product is also shipped by the other
    // organisation in its first two sizes; every thirteenth has no offers at all. The two biggest sizes cost 5% more.
    // Expected arrivals fall 3 to 77 days after the seed day (Moscow), so a fresh demo shows upcoming supplies
    // whenever it is seeded; as the days pass they go by and read «срок уточняется».
    const seedDay = moscowDay(Date.now());
    const generated = rowsOf<{ item: unknown; created_at: number }>(
      await db.execute(sql`
      with p as (
        select g, k.*,
          md5('product-' || g)::uuid::text as uid,
          k.names[1 + i % cardinality(k.names)] || ' «' || (${JSON.stringify(SERIES)}::jsonb ->> ((i / cardinality(k.names)) % ${SERIES.length})::int) || '»'
            || coalesce(' ' || nullif(k.suffixes[1 + (i / (cardinality(k.names) * ${SERIES.length})) % cardinality(k.suffixes)], ''), '')
            || ', ' || k.colors[1 + (g * 7) % cardinality(k.colors)] as name,
          ${SEED_ARTICLE} as article,
          round(k.price * (0.8 + ((g::bigint * 7919) % 41) / 100.0) / 10) * 10 - 0.1 as price_opt,
          case when g % 23 = 0 then 'Outlet' when g % 29 = 0 then 'Discount' when g % 31 = 0 then 'Activity' else '' end as status,
          case when g % 50 = 1 then 'https://rutube.ru/play/embed/' || substr(md5('video-' || (g % 7)), 1, 32) end as video,
          case when g % 4 = 0 then 15 when g % 9 = 0 then 5 else 0 end as max_discount,
          g % 11 = 0 or g % 23 = 0 as season_sale
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select ((g - 1) / ${kindCount})::int as i) n
        join ${kindsTable} on k.idx = (g - 1) % ${kindCount}
        -- A product already there is kept as it is: its stock has served orders since.
        where not exists (select 1 from products x where x.uid = md5('product-' || g)::uuid::text)
      )
      select -- Spread over a little more than a year, so novelty sorts and «new» (recent) products are some, not all.
        floor(extract(epoch from now() - ((g * 37) % 400) * interval '1 day') * 1000)::float8 as created_at,
        json_build_object(
        'uid', uid, 'name', name, 'type', type, 'article', article,
        'price', round(price_opt * 1.35 / 10) * 10, 'price_opt', price_opt, 'weight', weight, 'volume', volume,
        'detail_text', detail, 'status', status, 'video', video, 'characteristics', props::jsonb, 'max_discount', max_discount,
        'group_code', grp, 'season_sale', season_sale, 'protect', protect,
        'offers', coalesce((
          select json_agg(json_build_object(
              'guid', md5('offer-' || g || '-' || sz.n || '-' || o.org)::uuid::text,
              'characteristic', sz.size,
              'residue', greatest(0, (g * 31 + sz.n * 17) % 70 - 20),
              'price', price_opt + case when cardinality(sizes) > 2 and sz.n > cardinality(sizes) - 2 then round(price_opt * 0.05, 2) else 0 end,
              'ppdata', case when (g * 31 + sz.n * 17) % 70 < 20 or (g + sz.n) % 5 = 0
                  then (20 + (g + sz.n) % 80)::text || '/' || to_char(${seedDay}::date + 3 + ((g * 3 + sz.n) % 75)::int, 'DD.MM.YYYY')
                  else '' end,
              'org_guid', o.org) order by sz.n, o.second)
          from unnest(sizes) with ordinality as sz(size, n)
          cross join lateral (select org as org, false as second union all select other_org, true where g % 6 = 0 and sz.n <= 2) o
          where g % 13 <> 0 and not (cardinality(sizes) > 1 and (g + sz.n) % 4 = 0)), '[]'::json)
      ) as item
      from p order by g`),
    );
    await asTheErp(db, storage, (app) =>
      importCatalogue(app, generated.map((row) => ({ product: row.item, createdAt: new Date(row.created_at) }))),
    );

    // Fresh statistics, or the planner takes the new rows for a handful and joins them by scanning.
    await db.execute(sql`analyze products`);

    const filesStarted = Date.now();
    // The batch's products' files, as the ERP sends them (/product-files): each product one of its kind's pictures
    // (by g) and the kind's certificate, for a product without them (a product already there keeps what it shows).
    const productFiles = rowsOf<{ item: { product_uid: string; pictures?: Array<{ sha256: string }>; certificates?: Array<{ sha256: string }> } }>(
      await db.execute(sql`
      select json_strip_nulls(json_build_object(
        'product_uid', p.uid,
        'pictures', case when not exists (select 1 from product_images i where i.product_id = p.id)
          then json_build_array(json_build_object('sha256', k.picture_shas[1 + (g * 7) % cardinality(k.picture_shas)])) end,
        'certificates', case when not exists (select 1 from certificates c where c.product_id = p.id)
          then json_build_array(json_build_object('number', k.cert_number, 'valid_until', '2030-01-14', 'sha256', k.cert_sha)) end
      )) as item
      from generate_series(${from}::int, ${to}::int) g
      join products p on p.uid = md5('product-' || g)::uuid::text
      join ${kindsTable} on k.idx = (g - 1) % ${kindCount}
      order by g`),
    ).flatMap(({ item }) =>
      item.pictures || item.certificates
        ? [
            {
              ...item,
              ...(item.pictures && { pictures: item.pictures.map((file) => fileOf(file.sha256)) }),
              ...(item.certificates && { certificates: item.certificates.map(({ sha256, ...certificate }) => ({ ...certificate, ...fileOf(sha256) })) }),
            },
          ]
        : [],
    );
    const filesQueried = Date.now();
    await asTheErp(db, storage, (app) => importProductFiles(app, productFiles));
    log(`catalogue: products ${from}–${to} in ${Date.now() - started} ms (their files: read ${filesQueried - filesStarted} ms, sent ${Date.now() - filesQueried} ms)`);
  }
  await db.execute(sql`drop table if exists seed_kinds`);
  // VACUUM marks the new pages all-visible, so name search reads the word index without visiting its table (an
  // index-only scan; PGlite has no autovacuum to do it later), and fresh statistics let the planner see the new rows.
  // The word index itself was filled by the triggers on products as the batches went in.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze name_words`);
  await db.execute(sql`vacuum analyze product_name_words`);
  await db.execute(sql`vacuum analyze offers`);
  await db.execute(sql`vacuum analyze product_images`);
}

/**
 * The uids of a kind's products (by its article prefix) in the order they were generated: the n-th product's uid is
 * md5('product-' || n) as a uuid, as in the generating SQL. The demo orders pick their products from these.
 */
export function* seededProductUids(prefix: string, productCount: number): Generator<string> {
  const index = KINDS.findIndex((kind) => kind.prefix === prefix);
  if (index < 0) throw new Error(`Seed: no kind of products with the article prefix ${prefix}`);
  for (let g = index + 1; g <= productCount; g += KINDS.length) {
    const hex = createHash('md5').update(`product-${g}`).digest('hex');
    yield `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

function certificateNumber(kind: Kind) {
  return `ЕАЭС RU С-RU.ПБ01.В.${String(10_000 + KINDS.indexOf(kind) * 137).padStart(5, '0')}/25`;
}
