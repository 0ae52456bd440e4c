/**
 * Applies one CommerceML package of the catalogue (`type=catalog&mode=import`): import*.xml (the classifier's groups
 * and properties, the goods) and offers*.xml / prices*.xml / rests*.xml (offers with their prices and stock). The
 * package is read as a stream and applied in ONE transaction: a broken file, a wrong encoding or any failure rolls all
 * of it back, so the catalogue is either as before or as the package says. Each good, group and offer is checked and
 * written by the integration API's own rules (INTEGRATION_KINDS), item by item; an item they refuse is reported with
 * the reason and the rest is applied, as in the JSON API. Items already as sent are not written at all, so sending a
 * package again changes nothing. The mapping from CommerceML is in docs/decisions.md («1C exchange: the catalogue»).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ZIntegrationCatalogGroupSchema, ZIntegrationOfferSchema, ZIntegrationProductSchema } from '@portal/contracts';
import { ORGANISATION, fromKopecks, toKopecks } from '@portal/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { sniffFileType } from '../../lib/file-type';
import {
  INTEGRATION_KINDS,
  ItemRefused,
  articleTaken,
  offerValues,
  productUidsByArticles,
  productValues,
  setProductPrices,
  upsertOffers,
  upsertProducts,
  type IntegrationApp,
} from '../integration';
import { childNode, childNodes, childText, readCommerceMl, type XmlNode } from './commerceml-reader';
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
  /** Which parts of the catalogue index must be rebuilt. */
  touchedProducts: boolean;
  touchedStock: boolean;
}

/** Refusals kept in the log per package: the first ones say what to fix; the count says how many. */
export const LOGGED_REFUSALS = 200;
/** Items compared and written per round trip of reads. */
const BATCH = 500;

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
    touchedProducts: false,
    touchedStock: false,
  };
}

/** Imports `fileName` of `folder` (pictures are looked up beside it); `counts` is filled as it goes. */
export async function importCatalogPackage(
  app: CatalogImportApp,
  folder: string,
  fileName: string,
  settings: CatalogSettings,
  counts: PackageCounts = newCounts(),
): Promise<PackageCounts> {
  const file = uploadedFilePath(folder, fileName);
  await app.db.transaction(async (tx) => {
    const state = new PackageState(app, tx, folder, settings, counts);
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
    await state.finish();
  });
  return counts;
}

interface PropertyDefinition {
  name: string;
  /** Справочник values: ИдЗначения → Значение. */
  values: Map<string, string>;
}

type ProductRow = Awaited<ReturnType<typeof repo.productsByUids>> extends Map<string, infer R> ? R : never;

class PackageState {
  private readonly properties = new Map<string, PropertyDefinition>();
  private readonly priceTypes: Array<{ id: string; name: string }> = [];
  private readonly warehouses: Array<{ id: string; name: string }> = [];
  private goods: XmlNode[] = [];
  private offers: XmlNode[] = [];
  private roles: { dealer?: string; list?: string } | null = null;
  private countedWarehouses: Set<string> | null = null;

  constructor(
    private readonly app: CatalogImportApp,
    private readonly tx: DbOrTx,
    private readonly folder: string,
    private readonly settings: CatalogSettings,
    private readonly counts: PackageCounts,
  ) {}

  async take(at: string, node: XmlNode) {
    this.counts.processed++;
    if (at === 'Классификатор/Группы') await this.applyGroups(node);
    else if (at === 'Классификатор/Свойства/Свойство') this.defineProperty(node);
    else if (at.endsWith('ТипыЦен/ТипЦены')) this.priceTypes.push({ id: childText(node, 'Ид') ?? '', name: childText(node, 'Наименование') ?? '' });
    else if (at.endsWith('Склады/Склад')) this.warehouses.push({ id: childText(node, 'Ид') ?? '', name: childText(node, 'Наименование') ?? '' });
    else if (at === 'Каталог/Товары/Товар') {
      this.goods.push(node);
      if (this.goods.length >= BATCH) await this.flushGoods();
    } else if (at === 'ПакетПредложений/Предложения/Предложение') {
      this.offers.push(node);
      if (this.offers.length >= BATCH) await this.flushOffers();
    }
  }

  async finish() {
    await this.flushGoods();
    await this.flushOffers();
  }

  private refuse(key: string, reason: string) {
    this.counts.refused++;
    if (this.counts.refusals.length < LOGGED_REFUSALS) this.counts.refusals.push({ key, reason });
  }

  // ── Groups ────────────────────────────────────────────────────────────────────────────────────────────────────

  /** The classifier's groups, nested, become the catalogue's groups: code = Ид, parent_code = the enclosing group. */
  private async applyGroups(groups: XmlNode) {
    const stored = await repo.catalogGroupsByCode(this.tx);
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
          else if (await this.applyItem(`группа ${code}`, () => INTEGRATION_KINDS['catalog-groups'].apply(this.tx, parsed.data, this.app, undefined))) {
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

  private async flushGoods() {
    if (this.goods.length === 0) return;
    const goods = this.goods;
    this.goods = [];
    const stored = await repo.productsByUids(this.tx, goods.map((good) => productUid(childText(good, 'Ид') ?? '')));
    const pictured: Array<{ uid: string; pictures: string[] }> = [];
    const candidates: Array<{ key: string; uid: string; item: z.output<typeof ZIntegrationProductSchema>; isNew: boolean; pictures: string[] }> = [];
    const articles = new Map<string, string>();
    for (const good of goods) {
      const uid = productUid(childText(good, 'Ид') ?? '');
      const key = `товар ${uid || '(без Ид)'}`;
      if (isMarkedDeleted(good)) {
        this.refuse(key, 'Товар помечен в 1С на удаление: портал товары не удаляет (на них ссылаются заказы) — снимите его с продажи нулевым остатком.');
        continue;
      }
      const before = stored.get(uid);
      const item = this.productItem(uid, good, before);
      const parsed = ZIntegrationProductSchema.safeParse(item);
      if (!parsed.success) {
        this.refuse(key, productRefusal(item, parsed.error));
        continue;
      }
      if (candidates.some((candidate) => candidate.uid === uid)) {
        this.refuse(key, 'Товар с этим Ид встречается в пакете дважды: загружен первый, проверьте выгрузку.');
        continue;
      }
      const sameArticle = articles.get(parsed.data.article);
      if (sameArticle !== undefined) {
        this.refuse(key, articleTaken(parsed.data.article, sameArticle).message);
        continue;
      }
      articles.set(parsed.data.article, uid);
      const pictures = childNodes(good, 'Картинка').map((picture) => picture.text.trim()).filter(Boolean);
      if (before && sameProduct(before, parsed.data)) {
        this.counts.unchanged++;
        if (pictures.length > 0) pictured.push({ uid, pictures });
        continue;
      }
      candidates.push({ key, uid, item: parsed.data, isNew: !before, pictures });
    }
    // The integration rules, for the whole batch at once: an article belongs to one product; rows upserted together.
    const holders = await productUidsByArticles(this.tx, candidates.map((candidate) => candidate.item.article));
    const rows = [];
    for (const candidate of candidates) {
      const holder = holders.get(candidate.item.article);
      if (holder !== undefined && holder !== candidate.uid) {
        this.refuse(candidate.key, articleTaken(candidate.item.article, holder).message);
        continue;
      }
      rows.push(productValues(candidate.item));
      this.counts[candidate.isNew ? 'created' : 'changed']++;
      this.counts.touchedProducts = true;
      if (candidate.pictures.length > 0) pictured.push({ uid: candidate.uid, pictures: candidate.pictures });
    }
    await upsertProducts(this.tx, rows);
    await this.applyPictures(pictured);
  }

  /** The good in the integration API's shape; what CommerceML does not carry keeps its stored value. */
  private productItem(uid: string, good: XmlNode, before: ProductRow | undefined) {
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
    const characteristics =
      (propertyList === undefined || unnamed) && this.counts.onlyChanges && before
        ? (before.characteristics as Array<{ NAME: string; VALUE: string }>)
        : this.propertyValues(propertyList);
    const kind = [requisites.get('видноменклатуры'), ...characteristics.filter((c) => /^(тип|вид)( товара| номенклатуры)?$/i.test(c.NAME)).map((c) => c.VALUE)];
    const weight = decimal(childText(good, 'Вес') ?? requisites.get('вес') ?? '');
    return {
      uid,
      article: childText(good, 'Артикул') ?? '',
      name: childText(good, 'Наименование') ?? '',
      type: kind.some((value) => value && /обув/i.test(value)) ? 'shoes' : (before?.type ?? 'wear'),
      price: before?.price ?? 0,
      price_opt: before?.priceOpt ?? 0,
      weight: weight ?? before?.weight ?? 0,
      volume: before?.volume ?? 0,
      detail_text: childText(good, 'Описание') ?? before?.detailText ?? '',
      status: before?.status ?? '',
      video: before?.video ?? null,
      characteristics,
      max_discount: before?.maxDiscount ?? 0,
      group_code: childText(childNode(good, 'Группы'), 'Ид') ?? before?.groupCode ?? null,
      season_sale: before?.seasonSale ?? false,
      protect: before?.protect ?? '',
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
   * The goods' pictures (Картинка: a path beside the XML) are stored under a key made of their content, so the same
   * picture sent again is the same key and changes nothing; a good's pictures are replaced only when it lists some.
   */
  private async applyPictures(goods: Array<{ uid: string; pictures: string[] }>) {
    if (goods.length === 0) return;
    const ids = await repo.productIdsByUids(this.tx, goods.map((good) => good.uid));
    const current = await repo.pictureKeys(this.tx, [...ids.values()]);
    for (const good of goods) {
      const productId = ids.get(good.uid);
      if (productId === undefined) continue;
      const keys: string[] = [];
      for (const picture of good.pictures) {
        const bytes = await readFile(uploadedFilePath(this.folder, picture)).catch(() => null);
        const type = bytes && sniffFileType(bytes);
        if (!bytes || !type || !type.mime.startsWith('image/') || type.mime === 'image/svg+xml') {
          this.refuse(`товар ${good.uid}, картинка ${picture}`, bytes ? 'Картинка не в формате JPEG, PNG, WebP или GIF: пропущена.' : 'Файл картинки не выгружен вместе с каталогом: пропущена.');
          continue;
        }
        const key = `products/1c/${createHash('sha256').update(bytes).digest('hex')}.${type.extension}`;
        if (!keys.includes(key)) {
          if ((await this.app.storage.get(key)) === null) await this.app.storage.put(key, bytes);
          keys.push(key);
        }
      }
      if (keys.length === 0 || sameList(current.get(productId) ?? [], keys)) continue;
      await repo.replacePictures(this.tx, productId, keys);
      this.counts.touchedProducts = true;
    }
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

  private async flushOffers() {
    if (this.offers.length === 0) return;
    const nodes = this.offers;
    this.offers = [];
    const roles = this.priceRoles();
    const warehouses = this.warehouseFilter();
    const guids = nodes.map((node) => childText(node, 'Ид') ?? '');
    const stored = await repo.offersByGuids(this.tx, guids);
    const productIds = await repo.productIdsByUids(this.tx, [...new Set(guids.map(productUid))]);
    /** The lowest list price sent for each product in this batch (its PRICE). */
    const listPrices = new Map<string, number>();
    const pricedProducts = new Set<string>();
    const rows: Array<ReturnType<typeof offerValues>> = [];
    const written = new Set<string>();

    for (const node of nodes) {
      const guid = childText(node, 'Ид') ?? '';
      const uid = productUid(guid);
      const key = `предложение ${guid || '(без Ид)'}`;
      if (isMarkedDeleted(node)) {
        this.refuse(key, 'Предложение помечено в 1С на удаление: портал его не удаляет — передайте нулевой остаток.');
        continue;
      }
      if (!productIds.has(uid)) {
        this.refuse(key, `Товар ${uid} не найден в каталоге портала: сначала выгрузите его в import.xml (или он был отклонён — см. причины выше).`);
        continue;
      }
      const before = stored.get(guid);
      const prices = offerPrices(node);
      const dealer = roles.dealer === undefined ? undefined : prices.get(roles.dealer);
      const list = roles.list === undefined ? undefined : prices.get(roles.list);
      if (dealer === null || list === null) {
        this.refuse(key, 'ЦенаЗаЕдиницу не число: укажите цену цифрами, например 1271.50.');
        continue;
      }
      if (dealer === undefined && !before) {
        this.refuse(key, 'У нового предложения нет дилерской цены (тип цен из EXCHANGE_DEALER_PRICE): передайте её в Цены.');
        continue;
      }
      const stock = offerStock(node, warehouses);
      const item = {
        product_uid: uid,
        guid,
        characteristic: offerCharacteristic(node, guid) ?? before?.characteristic ?? '',
        residue: stock ?? before?.residue ?? 0,
        price: dealer ?? before!.price,
        ppdata: before?.ppdata ?? '',
        org_guid: before?.orgGuid ?? this.settings.organisation ?? ORGANISATION.FRO,
      };
      const parsed = ZIntegrationOfferSchema.safeParse(item);
      if (!parsed.success) {
        this.refuse(key, issues(parsed.error));
        continue;
      }
      if (list !== undefined) listPrices.set(uid, Math.min(list, listPrices.get(uid) ?? Infinity));
      if (dealer !== undefined) pricedProducts.add(uid);
      const same =
        before &&
        before.productId === productIds.get(uid) &&
        before.characteristic === item.characteristic &&
        before.residue === item.residue &&
        toKopecks(before.price) === toKopecks(item.price) &&
        before.orgGuid === item.org_guid;
      if (same) {
        this.counts.unchanged++;
        continue;
      }
      if (written.has(guid)) {
        this.refuse(key, 'Предложение с этим Ид встречается в пакете дважды: загружено первое, проверьте выгрузку.');
        continue;
      }
      try {
        rows.push(offerValues(parsed.data, productIds.get(uid)!));
      } catch (error) {
        if (!(error instanceof ItemRefused)) throw error;
        this.refuse(key, error.message);
        continue;
      }
      written.add(guid);
      this.counts[before ? 'changed' : 'created']++;
      this.counts.touchedStock = true;
    }
    await upsertOffers(this.tx, rows);
    await this.applyProductPrices([...pricedProducts], listPrices);
  }

  /**
   * A product's own prices from its offers: PRICE_OPT is its lowest offer price (sizes may cost more: their surcharge
   * is their price above it), PRICE the lowest list price sent; the rest of the product stays as stored.
   */
  private async applyProductPrices(uids: string[], listPrices: Map<string, number>) {
    if (uids.length === 0) return;
    const stored = await repo.productsByUids(this.tx, uids);
    const lowest = await repo.lowestOfferPrices(this.tx, [...stored.values()].map((product) => product.id));
    const changes: Array<{ id: number; price: number; priceOpt: number }> = [];
    for (const uid of uids) {
      const product = stored.get(uid);
      const dealer = product && lowest.get(product.id);
      if (!product || dealer === undefined) continue;
      const list = listPrices.get(uid) ?? product.price;
      if (toKopecks(product.priceOpt) === toKopecks(dealer) && toKopecks(product.price) === toKopecks(list)) continue;
      changes.push({ id: product.id, price: list, priceOpt: dealer });
    }
    await setProductPrices(this.tx, changes);
    this.counts.changed += changes.length;
    if (changes.length > 0) this.counts.touchedProducts = true;
  }
}

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

function productFields(product: ProductRow) {
  return {
    uid: product.uid,
    article: product.article,
    name: product.name,
    type: product.type,
    price: product.price,
    price_opt: product.priceOpt,
    weight: product.weight,
    volume: product.volume,
    detail_text: product.detailText,
    status: product.status,
    video: product.video,
    characteristics: product.characteristics,
    max_discount: product.maxDiscount,
    group_code: product.groupCode,
    season_sale: product.seasonSale,
    protect: product.protect,
  };
}

/** Whether the stored product already is what the package says (prices in kopecks, characteristics in order). */
function sameProduct(before: ProductRow, item: z.output<typeof ZIntegrationProductSchema>): boolean {
  const stored = productFields(before);
  return (
    stored.article === item.article &&
    stored.name === item.name &&
    stored.type === item.type &&
    toKopecks(stored.price) === toKopecks(item.price) &&
    toKopecks(stored.price_opt) === toKopecks(item.price_opt) &&
    Number(stored.weight) === item.weight &&
    stored.detail_text === item.detail_text &&
    stored.group_code === item.group_code &&
    JSON.stringify(stored.characteristics) === JSON.stringify(item.characteristics)
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

function issues(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join('; ');
}

/** A product the integration rules refuse, said in 1C's words where the field is 1C's. */
function productRefusal(item: { article: string; name: string }, error: z.ZodError): string {
  if (item.article.trim() === '') return 'Не заполнен артикул: в портале артикул обязателен и уникален — заполните его в карточке номенклатуры 1С.';
  if (item.name.trim() === '') return 'Не заполнено наименование: заполните его в карточке номенклатуры 1С.';
  return issues(error);
}

