/**
 * Applies one CommerceML package of the catalogue (`type=catalog&mode=import`): import*.xml (the classifier's groups
 * and properties, the goods) and offers*.xml / prices*.xml / rests*.xml (offers with their prices and stock), in two
 * stages. Reading: the file is parsed as a stream and each good and offer is checked by the integration API's rules
 * (its item schemas, its search keys, its organisation check) and staged in batches, each batch a short statement of
 * its own, so the catalogue keeps answering while a large file is read. Applying: the whole package is written by
 * set-based statements of a few thousand rows each (so the embedded engine's memory stays as it is) in ONE transaction
 * (catalog-staging.repository.ts), so the catalogue is either as before or as the package says; a broken file, a wrong encoding or any failure leaves it as it was, and the package's staged
 * rows are removed either way. An item the rules refuse is reported with the reason and the rest is applied, as in
 * the JSON API; items already as sent are not written at all, so sending a package again changes nothing. The mapping
 * from CommerceML is in docs/decisions.md («1C exchange: the catalogue»).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ZIntegrationCatalogGroupSchema, ZIntegrationOfferSchema, ZIntegrationProductSchema } from '@portal/contracts';
import { ORGANISATION, fromKopecks, toKopecks } from '@portal/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { INTEGRATION_KINDS, ItemRefused, articleTaken, offerValues, productValues, type IntegrationApp } from '../integration';
import { productFileProblem, storeProductFile } from '../products';
import { childNode, childNodes, childText, readCommerceMl, type XmlNode } from './commerceml-reader';
import * as staging from './catalog-staging.repository';
import * as repo from './exchange-1c.repository';
import { ExchangeRefusal, uploadedFilePath } from './upload-folder';

/** What the exchange needs of the app. */
export type CatalogImportApp = IntegrationApp & { storage: FileStorage };

export interface CatalogSettings {
  /** The 1C price type (Ид or name) of the dealer price; unset: the package's only price type. */
  dealerPrice?: string;
  /** The 1C price type of the list price; unset: the dealer price type. */
  listPrice?: string;
  /** Warehouses (Ид or names) whose stock counts; empty: all. */
  warehouses: readonly string[];
  /** org_guid of the offers created; unset: the first organisation. */
  organisation?: string;
}

export interface PackageCounts {
  kind: 'import' | 'offers';
  schemaVersion: string;
  onlyChanges: boolean;
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
  refusals: Array<{ key: string; reason: string }>;
  /** Items read so far (the `progress` answer tells 1C). */
  processed: number;
  /** The file is read whole and its one transaction is being applied. */
  applying: boolean;
  /** Which parts of the catalogue index must be rebuilt. */
  touchedProducts: boolean;
  /** Products' prices only (an offers package): the index reads the prices again, not every product. */
  touchedPrices: boolean;
  touchedStock: boolean;
}

/** Refusals kept in the log per package: the first ones say what to fix; the count says how many. */
export const LOGGED_REFUSALS = 200;
/** Goods staged per statement at most (a good carries its description and properties). */
const GOODS_BATCH = 500;
/** Offers staged per statement at most. */
const OFFERS_BATCH = 1000;
/**
 * The most JSON text (characters) one staging statement carries: its parameter is copied whole twice on the way to the
 * database (joined, then flattened to be encoded), and a string over V8's large-object size (128 KB; 64 K characters
 * once one is Cyrillic) is made straight in the old generation, which only a full collection frees. A thousand offers
 * were ~140 KB a statement: 300 MB of such copies for a million offers, the old generation's growth while the file
 * was read. Under it the copies die young. About 300 offers a statement.
 */
export const STAGE_TEXT_CHARS = 48 * 1024;
/** Staged rows of a package no process of the portal has touched for this long are a stopped process's: removed. */
const ABANDONED_AFTER_MINUTES = 60;

const ELEMENTS = [
  'Классификатор/Группы',
  'Классификатор/Свойства/Свойство',
  'Классификатор/ТипыЦен/ТипЦены',
  'Классификатор/Склады/Склад',
  'Каталог/Товары/Товар',
  'ПакетПредложений/ТипыЦен/ТипЦены',
  'ПакетПредложений/Склады/Склад',
  'ПакетПредложений/Предложения/Предложение',
] as const;
const HEADERS = ['Каталог', 'ПакетПредложений'] as const;

export function newCounts(): PackageCounts {
  return {
    kind: 'import',
    schemaVersion: '',
    onlyChanges: false,
    created: 0,
    changed: 0,
    unchanged: 0,
    refused: 0,
    refusals: [],
    processed: 0,
    applying: false,
    touchedProducts: false,
    touchedPrices: false,
    touchedStock: false,
  };
}

/** Packages this process is staging or applying: their staged rows are never taken for abandoned ones. */
const runningPackages = new Set<string>();

/** Imports `fileName` of `folder` (pictures are looked up beside it); `counts` is filled as it goes. */
export async function importCatalogPackage(
  app: CatalogImportApp,
  folder: string,
  fileName: string,
  settings: CatalogSettings,
  counts: PackageCounts = newCounts(),
): Promise<PackageCounts> {
  const file = uploadedFilePath(folder, fileName);
  const packageId = randomUUID();
  runningPackages.add(packageId);
  try {
    // The previous package's rebuild of the catalogue index (and any other) ends first, so the reading's statements
    // and the rebuild's do not take turns on the one engine and their memory does not stack. At a million offers sent
    // again the step's live peak was the same either way (the rebuild's own; docs/performance.md, «1C exchange»). 1C is
    // answered «progress» meanwhile, as while the file is read.
    await app.catalogIndex?.rebuildsDone();
    await removeAbandonedPackages(app.db);
    const state = new PackageState(app, packageId, folder, settings, counts);
    for await (const record of readCommerceMl(file, { elements: ELEMENTS, headers: HEADERS })) {
      if (record.kind === 'open') {
        if (record.path === '') counts.schemaVersion = record.attrs['ВерсияСхемы'] ?? '';
        else {
          counts.kind = record.path === 'Каталог' ? 'import' : 'offers';
          counts.onlyChanges = record.attrs['СодержитТолькоИзменения'] === 'true';
        }
        continue;
      }
      await state.take(record.path, record.node);
    }
    await state.finishReading();
    counts.applying = true;
    const applying = performance.now();
    // The catalogue's pages answer from memory while the transaction holds the embedded database (issue 40).
    const transaction = () => app.db.transaction((tx) => state.apply(tx));
    await (app.catalogIndex ? app.catalogIndex.whileApplying(transaction) : transaction());
    app.log.debug({ package: packageId, step: 'applied', ms: Math.round(performance.now() - applying) }, '1C exchange: package step');
  } finally {
    runningPackages.delete(packageId);
    const removing = performance.now();
    await staging.removeStagedPackage(app.db, packageId).catch((error: unknown) => app.log.error({ err: error }, '1C exchange: staged rows of a package were not removed'));
    app.log.debug({ package: packageId, step: 'staged rows removed', ms: Math.round(performance.now() - removing) }, '1C exchange: package step');
  }
  return counts;
}

async function removeAbandonedPackages(db: DbOrTx) {
  for (const packageId of await staging.abandonedPackages(db, [...runningPackages], ABANDONED_AFTER_MINUTES)) {
    await staging.removeStagedPackage(db, packageId);
  }
}

/** Staged rows read and not yet staged: their JSON texts, the seq of the first, and their length in characters. */
interface Batch {
  firstSeq: number;
  rows: string[];
  chars: number;
}
const newBatch = (firstSeq: number): Batch => ({ firstSeq, rows: [], chars: 2 });

interface PropertyDefinition {
  name: string;
  /** Справочник values: ИдЗначения → Значение. */
  values: Map<string, string>;
}

class PackageState {
  private readonly properties = new Map<string, PropertyDefinition>();
  private readonly priceTypes: Array<{ id: string; name: string }> = [];
  private readonly warehouses: Array<{ id: string; name: string }> = [];
  /** The classifier's group trees: small, applied in the package's transaction. */
  private readonly groups: XmlNode[] = [];
  /** The goods read and not yet staged, as their staged rows' JSON text (as the offers below, and for their reason). */
  private goods: Batch = newBatch(0);
  /**
   * The offers read and not yet staged, each already checked and turned into its staged row's JSON text as soon as
   * it is read: its element (a tree of a dozen small objects, whose strings are slices of the decoded chunk and keep
   * the whole chunk alive) is dropped at once. Holding a batch's elements until it was staged kept them alive across
   * the young generation's collections, so every offer's tree and its chunks were promoted to the old generation: it
   * grew by 250–330 MB while a million offers were read (docs/performance.md, «1C exchange»).
   */
  private offers: Batch = newBatch(0);
  private seq = 0;
  private roles: { dealer?: string; list?: string } | null = null;
  private countedWarehouses: Set<string> | null = null;
  private readonly organisation: string;

  constructor(
    private readonly app: CatalogImportApp,
    private readonly packageId: string,
    private readonly folder: string,
    private readonly settings: CatalogSettings,
    private readonly counts: PackageCounts,
  ) {
    this.organisation = settings.organisation ?? ORGANISATION.FRO;
  }

  async take(at: string, node: XmlNode) {
    this.counts.processed++;
    if (at === 'Классификатор/Группы') this.groups.push(node);
    else if (at === 'Классификатор/Свойства/Свойство') this.defineProperty(node);
    else if (at.endsWith('ТипыЦен/ТипЦены')) this.priceTypes.push({ id: childText(node, 'Ид') ?? '', name: childText(node, 'Наименование') ?? '' });
    else if (at.endsWith('Склады/Склад')) this.warehouses.push({ id: childText(node, 'Ид') ?? '', name: childText(node, 'Наименование') ?? '' });
    else if (at === 'Каталог/Товары/Товар') {
      await this.takeGood(node);
      if (this.goods.rows.length >= GOODS_BATCH || this.goods.chars >= STAGE_TEXT_CHARS) await this.stageGoods();
    } else if (at === 'ПакетПредложений/Предложения/Предложение') {
      this.takeOffer(node);
      if (this.offers.rows.length >= OFFERS_BATCH || this.offers.chars >= STAGE_TEXT_CHARS) await this.stageOffers();
    }
  }

  async finishReading() {
    await this.stageGoods();
    await this.stageOffers();
  }

  /** The package's one transaction: groups, goods and their pictures, offers and the prices of their products. */
  async apply(tx: DbOrTx) {
    for (const groups of this.groups) await this.applyGroups(tx, groups);
    await this.applyGoods(tx);
    await this.applyOffers(tx);
  }

  /** Runs one statement of the apply, logging its duration (at debug level: where a package's time goes). */
  private async timed<T>(what: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.app.log.debug({ package: this.packageId, step: what, ms: Math.round(performance.now() - started) }, '1C exchange: package step');
    }
  }

  private refuse(key: string, reason: string) {
    this.counts.refused++;
    if (this.counts.refusals.length < LOGGED_REFUSALS) this.counts.refusals.push({ key: detached(key), reason: detached(reason) });
  }

  /** How many refusals the apply should read back for the log (at least one: its row carries the count). */
  private get refusalsRoom() {
    return Math.max(1, LOGGED_REFUSALS - this.counts.refusals.length);
  }

  /** Refusals the apply counted in SQL: all counted, the first logged. */
  private refuseCounted(total: number, first: Array<{ key: string; reason: string }>) {
    this.counts.refused += total;
    for (const refusal of first) if (this.counts.refusals.length < LOGGED_REFUSALS) this.counts.refusals.push(refusal);
  }

  // ── Groups ────────────────────────────────────────────────────────────────────────────────────────────────────

  /** The classifier's groups, nested, become the catalogue's groups: code = Ид, parent_code = the enclosing group. */
  private async applyGroups(tx: DbOrTx, groups: XmlNode) {
    const stored = await repo.catalogGroupsByCode(tx);
    const walk = async (list: XmlNode | undefined, parentCode: string | null) => {
      for (const [sort, group] of childNodes(list, 'Группа').entries()) {
        const code = childText(group, 'Ид') ?? '';
        const item = { code, name: childText(group, 'Наименование') ?? '', parent_code: parentCode, sort, zone: stored.get(code)?.zone ?? null };
        const parsed = ZIntegrationCatalogGroupSchema.safeParse(item);
        if (!parsed.success) this.refuse(`группа ${code}`, issues(parsed.error));
        else {
          const before = stored.get(code);
          const same = before && before.name === item.name && before.parentCode === item.parent_code && before.sort === item.sort;
          if (same) this.counts.unchanged++;
          else if (await this.applyItem(`группа ${code}`, () => INTEGRATION_KINDS['catalog-groups'].apply(tx, parsed.data, this.app, undefined))) {
            this.counts[before ? 'changed' : 'created']++;
            this.counts.touchedProducts = true;
          }
        }
        await walk(childNode(group, 'Группы'), code);
      }
    };
    await walk(groups, null);
  }

  private defineProperty(node: XmlNode) {
    const values = new Map<string, string>();
    for (const value of childNodes(childNode(node, 'ВариантыЗначений'), 'Справочник')) {
      values.set(childText(value, 'ИдЗначения') ?? '', childText(value, 'Значение') ?? '');
    }
    this.properties.set(childText(node, 'Ид') ?? '', { name: childText(node, 'Наименование') ?? '', values });
  }

  /** Runs one item's write; an ItemRefused is reported, anything else fails the package. */
  private async applyItem(key: string, write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (!(error instanceof ItemRefused)) throw error;
      this.refuse(key, error.message);
      return false;
    }
  }

  // ── Goods ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Checks a good by the integration API's product schema and keeps its staged row (as JSON text) for the next batch,
   * or refuses it. What only the stored catalogue can tell (an article another product holds) is checked when the
   * package is applied.
   */
  private async takeGood(good: XmlNode) {
    const uid = productUid(childText(good, 'Ид') ?? '');
    const key = `товар ${uid || '(без Ид)'}`;
    if (isMarkedDeleted(good)) {
      this.refuse(key, 'Товар помечен в 1С на удаление: портал товары не удаляет (на них ссылаются заказы) — снимите его с продажи нулевым остатком.');
      return;
    }
    const staged = this.goodRow(uid, good);
    const parsed = ZIntegrationProductSchema.safeParse(staged.item);
    if (!parsed.success) {
      this.refuse(key, productRefusal(staged.item, parsed.error));
      return;
    }
    const values = productValues(parsed.data);
    const pictures = await this.storePictures(uid, childNodes(good, 'Картинка').map((picture) => picture.text.trim()).filter(Boolean));
    if (this.goods.rows.length === 0) this.goods.firstSeq = this.seq;
    const row: staging.StagedGood = {
      ...staged.row,
      seq: this.seq++,
      uid: values.uid,
      article: values.article,
      article_key: values.articleKey,
      name: values.name,
      name_key: values.nameKey,
      characteristics: parsed.data.characteristics,
      pictures,
    };
    const text = JSON.stringify(row);
    this.goods.rows.push(text);
    this.goods.chars += text.length + 1;
  }

  /** Stages the goods taken since the last batch; a good whose Ид or article the package already staged is refused. */
  private async stageGoods() {
    const { firstSeq, rows } = this.goods;
    if (rows.length === 0) return;
    this.goods = newBatch(this.seq);
    const stagedSeqs = await staging.stageGoods(this.app.db, this.packageId, `[${rows.join(',')}]`);
    const twice = [...rows.entries()].filter(([index]) => !stagedSeqs.has(firstSeq + index)).map(([, text]) => JSON.parse(text) as staging.StagedGood);
    if (twice.length === 0) return;
    // The first good of an Ид or an article in the file is staged; a later one is refused, saying which it repeats.
    const holders = await staging.stagedGoodsHolding(this.app.db, this.packageId, twice.map((row) => row.uid), twice.map((row) => row.article));
    for (const row of twice) {
      const key = `товар ${row.uid}`;
      if (holders.uids.has(row.uid)) this.refuse(key, 'Товар с этим Ид встречается в пакете дважды: загружен первый, проверьте выгрузку.');
      else this.refuse(key, articleTaken(row.article, holders.articles.get(row.article) ?? '').message);
    }
  }

  /**
   * The good as the integration API's product item, for its checks (what CommerceML does not carry at its default:
   * the stored value is what the apply keeps), and its staged row's own fields.
   */
  private goodRow(uid: string, good: XmlNode) {
    const requisites = new Map(
      childNodes(childNode(good, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((requisite) => [
        (childText(requisite, 'Наименование') ?? '').toLowerCase(),
        childText(requisite, 'Значение') ?? '',
      ]),
    );
    const propertyList = childNode(good, 'ЗначенияСвойств');
    // A package of changes may leave the properties out: then they stay as they are.
    // So may its classifier: properties it cannot name (Справочник ids without their classifier) stay as they are too.
    const unnamed = childNodes(propertyList, 'ЗначенияСвойства').some(
      (value) => !this.properties.has(childText(value, 'Ид') ?? '') && !childText(value, 'Наименование'),
    );
    const keepCharacteristics = (propertyList === undefined || unnamed) && this.counts.onlyChanges;
    const characteristics = this.propertyValues(propertyList);
    const kind = [requisites.get('видноменклатуры'), ...characteristics.filter((c) => /^(тип|вид)( товара| номенклатуры)?$/i.test(c.NAME)).map((c) => c.VALUE)];
    const shoes = kind.some((value) => value && /обув/i.test(value));
    const weight = decimal(childText(good, 'Вес') ?? requisites.get('вес') ?? '');
    const detailText = childText(good, 'Описание') ?? null;
    const groupCode = childText(childNode(good, 'Группы'), 'Ид') ?? null;
    return {
      item: {
        uid,
        article: childText(good, 'Артикул') ?? '',
        name: childText(good, 'Наименование') ?? '',
        type: shoes ? 'shoes' : 'wear',
        price: 0,
        price_opt: 0,
        weight: weight ?? 0,
        detail_text: detailText ?? '',
        characteristics,
        group_code: groupCode,
      },
      row: {
        type: shoes ? ('shoes' as const) : null,
        weight,
        detail_text: detailText,
        keep_characteristics: keepCharacteristics,
        group_code: groupCode,
      },
    };
  }

  /** ЗначенияСвойств as [{NAME, VALUE}]: names from the classifier, Справочник ids turned into their values. */
  private propertyValues(list: XmlNode | undefined) {
    const result: Array<{ NAME: string; VALUE: string }> = [];
    for (const value of childNodes(list, 'ЗначенияСвойства')) {
      const property = this.properties.get(childText(value, 'Ид') ?? '');
      const name = property?.name || childText(value, 'Наименование') || '';
      const values = childNodes(value, 'Значение')
        .map((node) => node.text.trim())
        .map((text) => property?.values.get(text) ?? text)
        .filter(Boolean);
      if (name && values.length > 0) result.push({ NAME: name, VALUE: values.join(', ') });
    }
    return result;
  }

  /**
   * The good's pictures (Картинка: a path beside the XML) are stored as every product's picture is (the products
   * module: under a key made of their content), so the same picture sent again, by 1C or by the ERP's
   * /product-files, is the same key and changes nothing; answers the keys, or null when the good lists none usable
   * (its stored pictures then stay). A key no product refers to (the package failed) names a file nothing shows.
   */
  private async storePictures(uid: string, pictures: string[]): Promise<string[] | null> {
    const keys: string[] = [];
    for (const picture of pictures) {
      const bytes = await readFile(uploadedFilePath(this.folder, picture)).catch(() => null);
      if (!bytes || productFileProblem('picture', bytes) !== null) {
        this.refuse(`товар ${uid}, картинка ${picture}`, bytes ? 'Картинка не в формате JPEG, PNG, WebP или GIF: пропущена.' : 'Файл картинки не выгружен вместе с каталогом: пропущена.');
        continue;
      }
      const { key } = await storeProductFile(this.app.storage, bytes);
      if (!keys.includes(key)) keys.push(key);
    }
    return keys.length > 0 ? keys : null;
  }

  private async applyGoods(tx: DbOrTx) {
    const taken = await this.timed('goods: taken articles', () => staging.refuseGoodsOfTakenArticles(tx, this.packageId, this.refusalsRoom));
    this.refuseCounted(taken.total, taken.first.map((row) => ({ key: `товар ${row.uid}`, reason: articleTaken(row.article, row.holder).message })));
    const goods = await this.timed('goods: written', () => staging.applyStagedGoods(tx, this.packageId));
    this.counts.created += goods.created;
    this.counts.changed += goods.changed;
    this.counts.unchanged += goods.accepted - goods.created - goods.changed;
    const pictured = await this.timed('goods: pictures', () => staging.applyStagedPictures(tx, this.packageId));
    if (goods.created + goods.changed + pictured > 0) this.counts.touchedProducts = true;
  }

  // ── Offers ────────────────────────────────────────────────────────────────────────────────────────────────────

  /** Which price type of the package is the dealer price and which the list price (settled at the first offer). */
  private priceRoles() {
    if (this.roles) return this.roles;
    const find = (wanted: string | undefined, required: boolean) => {
      if (wanted === undefined) return undefined;
      const match = this.priceTypes.find((type) => type.id === wanted || type.name.toLowerCase() === wanted.toLowerCase());
      if (!match && required && this.priceTypes.length > 0) {
        throw new ExchangeRefusal(
          `Тип цен «${wanted}» из настроек портала нет в пакете; в пакете: ${this.priceTypes.map((type) => `«${type.name}» (${type.id})`).join(', ')}. Исправьте EXCHANGE_DEALER_PRICE в настройках портала.`,
        );
      }
      return match?.id;
    };
    let dealer = find(this.settings.dealerPrice, true);
    if (this.settings.dealerPrice === undefined && this.priceTypes.length === 1) dealer = this.priceTypes[0]!.id;
    if (dealer === undefined && this.priceTypes.length > 1) {
      throw new ExchangeRefusal(
        `В пакете несколько типов цен (${this.priceTypes.map((type) => `«${type.name}»`).join(', ')}): укажите в EXCHANGE_DEALER_PRICE, какой из них дилерская цена.`,
      );
    }
    // A package without the list price type (a configuration that sends one type) prices the list at the dealer price.
    this.roles = { dealer, list: find(this.settings.listPrice, false) ?? dealer };
    return this.roles;
  }

  /** The warehouses whose stock counts, as their Ид; null = all. */
  private warehouseFilter(): Set<string> | null {
    if (this.settings.warehouses.length === 0) return null;
    if (this.countedWarehouses) return this.countedWarehouses;
    const wanted = this.settings.warehouses.map((w) => w.toLowerCase());
    const ids = this.warehouses.filter((w) => wanted.includes(w.id.toLowerCase()) || wanted.includes(w.name.toLowerCase())).map((w) => w.id);
    // A package of stock changes may not list its warehouses: then the settings name them by Ид.
    this.countedWarehouses = new Set(ids.length > 0 ? ids : this.settings.warehouses);
    return this.countedWarehouses;
  }

  /**
   * Checks an offer by the integration API's offer schema and keeps its staged row (as JSON text) for the next batch,
   * or refuses it; what needs the stored catalogue (the product exists, a new offer has a dealer price) is checked when
   * the package is applied.
   */
  private takeOffer(node: XmlNode) {
    const roles = this.priceRoles();
    const warehouses = this.warehouseFilter();
    const guid = childText(node, 'Ид') ?? '';
    const uid = productUid(guid);
    const key = `предложение ${guid || '(без Ид)'}`;
    if (isMarkedDeleted(node)) {
      this.refuse(key, 'Предложение помечено в 1С на удаление: портал его не удаляет — передайте нулевой остаток.');
      return;
    }
    const prices = offerPrices(node);
    const dealer = roles.dealer === undefined ? undefined : prices.get(roles.dealer);
    const list = roles.list === undefined ? undefined : prices.get(roles.list);
    if (dealer === null || list === null) {
      this.refuse(key, 'ЦенаЗаЕдиницу не число: укажите цену цифрами, например 1271.50.');
      return;
    }
    const stock = offerStock(node, warehouses);
    const characteristic = offerCharacteristic(node, guid);
    // Checked as the integration API checks an offer; what the package leaves out is the stored value, already valid.
    const parsed = ZIntegrationOfferSchema.safeParse({
      product_uid: uid,
      guid,
      characteristic: characteristic ?? '',
      residue: stock ?? 0,
      price: dealer ?? 0,
      ppdata: '',
      org_guid: ORGANISATION.FRO,
    });
    if (!parsed.success) {
      this.refuse(key, issues(parsed.error));
      return;
    }
    if (this.offers.rows.length === 0) this.offers.firstSeq = this.seq;
    const row: staging.StagedOffer = {
      seq: this.seq++,
      guid: parsed.data.guid,
      product_uid: parsed.data.product_uid,
      characteristic: characteristic ?? null,
      residue: stock ?? null,
      price: dealer ?? null,
      list_price: list ?? null,
    };
    const text = JSON.stringify(row);
    this.offers.rows.push(text);
    this.offers.chars += text.length + 1;
  }

  /** Stages the offers taken since the last batch; an offer whose Ид the package already staged is refused. */
  private async stageOffers() {
    const { firstSeq, rows } = this.offers;
    if (rows.length === 0) return;
    this.offers = newBatch(this.seq);
    const stagedSeqs = await staging.stageOffers(this.app.db, this.packageId, `[${rows.join(',')}]`);
    for (const [index, text] of rows.entries()) {
      if (stagedSeqs.has(firstSeq + index)) continue;
      const { guid } = JSON.parse(text) as staging.StagedOffer;
      this.refuse(`предложение ${guid}`, 'Предложение с этим Ид встречается в пакете дважды: загружено первое, проверьте выгрузку.');
    }
  }

  /** The organisation check of the integration API, for the offers the package creates: its refusal, if any. */
  private organisationRefusal(guid: string): string | null {
    try {
      offerValues({ guid, characteristic: '', residue: 0, price: 0, ppdata: '', org_guid: this.organisation }, 0);
      return null;
    } catch (error) {
      if (!(error instanceof ItemRefused)) throw error;
      return error.message;
    }
  }

  private async applyOffers(tx: DbOrTx) {
    const organisationKnown = this.organisationRefusal('') === null;
    const refused = await this.timed('offers: refused', () => staging.refuseOffers(tx, this.packageId, organisationKnown, this.refusalsRoom));
    this.refuseCounted(
      refused.total,
      refused.first.map((row) => ({
        key: `предложение ${row.guid}`,
        reason:
          row.refusal === 'product'
            ? `Товар ${row.product_uid} не найден в каталоге портала: сначала выгрузите его в import.xml (или он был отклонён — см. причины выше).`
            : row.refusal === 'price'
              ? 'У нового предложения нет дилерской цены (тип цен из EXCHANGE_DEALER_PRICE): передайте её в Цены.'
              : this.organisationRefusal(row.guid)!,
      })),
    );
    const offers = await this.timed('offers: written', () => staging.applyStagedOffers(tx, this.packageId, this.organisation));
    this.counts.created += offers.created;
    this.counts.changed += offers.changed;
    this.counts.unchanged += offers.accepted - offers.created - offers.changed;
    if (offers.created + offers.changed > 0) this.counts.touchedStock = true;
    const priced = await this.timed('offers: product prices', () => staging.applyProductPrices(tx, this.packageId));
    this.counts.changed += priced;
    if (priced > 0) this.counts.touchedPrices = true;
  }
}

/**
 * A copy of `text` that keeps nothing else alive: a string cut from the file's text (an Ид, a name) is a slice of the
 * whole decoded chunk in V8, so a few such strings kept for the package's log would keep their chunks of the file.
 */
const detached = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** A good's Ид; an offer's Ид is «good#characteristic». */
const productUid = (id: string) => id.split('#')[0]!.trim();

const isMarkedDeleted = (node: XmlNode) => node.attrs['Статус'] === 'Удален' || childText(node, 'Статус') === 'Удален' || childText(node, 'ПометкаУдаления') === 'true';

/** A number as 1C writes it: «1271», «79900.0», «296,4», «1 271,50». Null when it is not one. */
function decimal(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Prices of an offer by price type Ид, rounded to the kopeck (null: not a number). */
function offerPrices(offer: XmlNode): Map<string, number | null> {
  const prices = new Map<string, number | null>();
  for (const price of childNodes(childNode(offer, 'Цены'), 'Цена')) {
    const value = decimal(childText(price, 'ЦенаЗаЕдиницу') ?? '');
    prices.set(childText(price, 'ИдТипаЦены') ?? '', value === null || value < 0 ? null : fromKopecks(toKopecks(value)));
  }
  return prices;
}

/**
 * An offer's stock: the sum over the counted warehouses, from any of the forms 1C writes it in
 * (`<Склад ИдСклада КоличествоНаСкладе/>` of 2.04–2.07, `<Остатки><Остаток><Склад><Ид/><Количество/>` of 2.08+),
 * else the total `Количество`. Undefined when the offer says nothing of stock (a prices-only file). Never negative,
 * whole units (the portal sells whole pieces).
 */
function offerStock(offer: XmlNode, warehouses: Set<string> | null): number | undefined {
  const byWarehouse: Array<{ id: string; quantity: number }> = [];
  for (const stock of childNodes(offer, 'Склад')) {
    byWarehouse.push({ id: stock.attrs['ИдСклада'] ?? '', quantity: decimal(stock.attrs['КоличествоНаСкладе'] ?? '') ?? 0 });
  }
  let total: number | undefined;
  for (const rest of childNodes(childNode(offer, 'Остатки'), 'Остаток')) {
    const warehouse = childNode(rest, 'Склад');
    if (warehouse) byWarehouse.push({ id: childText(warehouse, 'Ид') ?? '', quantity: decimal(childText(warehouse, 'Количество') ?? '') ?? 0 });
    else total = (total ?? 0) + (decimal(childText(rest, 'Количество') ?? '') ?? 0);
  }
  const quantity = decimal(childText(offer, 'Количество') ?? '');
  let sum: number | undefined;
  if (byWarehouse.length > 0 && (warehouses !== null || (quantity === null && total === undefined))) {
    sum = byWarehouse.filter((stock) => warehouses === null || warehouses.has(stock.id)).reduce((acc, stock) => acc + stock.quantity, 0);
  } else sum = total ?? quantity ?? undefined;
  return sum === undefined ? undefined : Math.max(0, Math.floor(sum));
}

/**
 * The size or height an offer is: its ХарактеристикиТовара values; without them (1C:УТ writes the characteristic only
 * into the offer's name, «Ботинки женские (37)»), the last parentheses of the name of an offer «good#characteristic».
 */
function offerCharacteristic(offer: XmlNode, guid: string): string | undefined {
  const values = childNodes(childNode(offer, 'ХарактеристикиТовара'), 'ХарактеристикаТовара')
    .map((characteristic) => childText(characteristic, 'Значение') ?? '')
    .filter(Boolean);
  if (values.length > 0) return values.join(', ');
  if (!guid.includes('#')) return undefined;
  return /\(([^()]*)\)\s*$/.exec(childText(offer, 'Наименование') ?? '')?.[1]?.trim() || undefined;
}

function issues(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join('; ');
}

/** A product the integration rules refuse, said in 1C's words where the field is 1C's. */
function productRefusal(item: { article: string; name: string }, error: z.ZodError): string {
  if (item.article.trim() === '') return 'Не заполнен артикул: в портале артикул обязателен и уникален — заполните его в карточке номенклатуры 1С.';
  if (item.name.trim() === '') return 'Не заполнено наименование: заполните его в карточке номенклатуры 1С.';
  return issues(error);
}

