/** The content service's catalogue (public): the group menu, pages of 25 products, the season sale, product pictures. */
import type { TCatalogGroup, TCatalogPage, TCatalogZone } from '@portal/contracts';
import { CATALOG_PAGE_SIZE, catalogPageOffset } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { sniffFileType } from '../../lib/file-type';
import { imageUrl } from '../products/products.service';
import * as repo from './catalog.repository';

export async function catalogMenu(db: Db): Promise<TCatalogGroup[]> {
  const groups = await repo.listGroups(db);
  const build = (parent: string | null): TCatalogGroup[] =>
    groups
      .filter((group) => group.parentCode === parent)
      .map((group) => ({ code: group.code, name: group.name, zone: (group.zone as TCatalogZone | null) ?? null, items: build(group.code) }));
  return build(null);
}

/** A group and all its sub-groups' codes; 404 for an unknown group. */
async function subtreeCodes(db: Db, code: string): Promise<string[]> {
  const groups = await repo.listGroups(db);
  if (!groups.some((group) => group.code === code)) {
    throw new AppError('NOT_FOUND', `Группа каталога «${code.slice(0, 64)}» не найдена: выберите группу из меню каталога.`);
  }
  const codes = [code];
  for (let i = 0; i < codes.length; i++) {
    for (const group of groups) if (group.parentCode === codes[i]) codes.push(group.code);
  }
  return codes;
}

function toPage(page: number, rows: repo.CatalogCard[], total: number): TCatalogPage {
  return {
    products: rows.map((row) => ({
      ID: row.id,
      ARTICLE: row.article,
      NAME: row.name,
      PRICE: row.price,
      STATUS: row.status,
      IMAGE: row.image === null ? null : imageUrl(Number(row.image)),
      RESIDUE: Number(row.residue),
    })),
    count: rows.length,
    total,
    page,
  };
}

/** A page of a group's products (the group and its sub-groups), or of the whole catalogue without a group. A page past the last is empty. */
export async function catalogProducts(db: Db, group: string | undefined, page: number): Promise<TCatalogPage> {
  const codes = group ? await subtreeCodes(db, group) : null;
  const { rows, total } = await repo.pageOfGroups(db, codes, catalogPageOffset(page), CATALOG_PAGE_SIZE);
  return toPage(page, rows, total);
}

export async function seasonSale(db: Db, page: number): Promise<TCatalogPage> {
  const { rows, total } = await repo.pageOfSeasonSale(db, catalogPageOffset(page), CATALOG_PAGE_SIZE);
  return toPage(page, rows, total);
}

export async function productImage(
  db: Db,
  storage: FileStorage,
  target: { imageId: number } | { productId: number },
): Promise<{ bytes: Buffer; mime: string }> {
  const image = 'imageId' in target ? await repo.findImage(db, target.imageId) : await repo.findProductImage(db, target.productId);
  const bytes = image ? await storage.get(image.storageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'Изображение не найдено.');
  return { bytes, mime: sniffFileType(bytes)?.mime ?? 'application/octet-stream' };
}
