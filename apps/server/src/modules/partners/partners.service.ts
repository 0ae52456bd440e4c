import type { TCompany, TManager } from '@portal/contracts';
import { fromKopecks, roleActions } from '@portal/domain';
import type { Db } from '../../db/client';
import type { managers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireUserPartner, storedRole } from '../../lib/partner-scope';
import * as repo from './partners.repository';

/**
 * The user's companies with their contracts and the contracts' documents (spec §3 Company, Storage). `editing`: an
 * order being edited, left out of `pending` (only the user's own companies' orders are summed, so any number is safe).
 */
export async function listCompanies(db: Db, userId: number, editing?: number): Promise<TCompany[]> {
  const rows = await repo.listUserPartners(db, userId);
  const storageRows = await repo.listStorages(db, rows.map((row) => row.partner.id));
  const documentRows = await repo.listDocuments(db, storageRows.map((storage) => storage.id));
  const pendingRows = await repo.pendingChecks(db, rows.map((row) => row.partner.id), editing);
  const pendingOf = (partnerId: number, orgGuid: string) =>
    fromKopecks(pendingRows.find((row) => row.partnerId === partnerId && row.orgGuid === orgGuid)?.kopecks ?? 0);

  return rows.map(({ partner, manager, role }) => ({
    uid: partner.uid,
    name: partner.name,
    inn: partner.inn,
    payment: partner.payment,
    bik: partner.bik,
    correspondent: partner.correspondent,
    address: partner.address,
    city: partner.city,
    email: partner.email,
    phone: partner.phone,
    managerName: manager?.name ?? '',
    managerUid: manager?.uid ?? '',
    storages: storageRows
      .filter((storage) => storage.partnerId === partner.id)
      .map((storage) => ({
        guid: storage.guid,
        name: storage.name,
        spent: storage.spent,
        contract: storage.contract,
        deferment: storage.deferment,
        debt: storage.debt,
        balance: storage.balance,
        discount: storage.discount,
        case: storage.case,
        limit: storage.limit,
        percent: storage.percent,
        date: storage.date,
        pricetype: storage.priceType,
        base_discount: storage.baseDiscount,
        cashback: storage.cashback,
        documents: documentRows
          .filter((document) => document.storageId === storage.id)
          .map(({ date, number, debt, expires }) => ({ date, number, debt, expires })),
        pending: pendingOf(partner.id, storage.guid),
      })),
    role: storedRole(role),
    actions: roleActions(storedRole(role)),
    approvalOverCredit: partner.approvalOverCredit,
  }));
}

export async function listPartnerManagers(db: Db, userId: number, partnerUid: string): Promise<TManager[]> {
  const partner = await requireUserPartner(db, userId, partnerUid, 'member');
  const manager = await repo.findManagerOfPartner(db, partner.id);
  return manager ? [toManager(manager)] : [];
}

export async function getManager(db: Db, userId: number, managerUid: string): Promise<TManager> {
  const manager = await repo.findUserManager(db, userId, managerUid);
  if (!manager) throw new AppError('NOT_FOUND', 'Менеджер не найден среди менеджеров ваших компаний.');
  return toManager(manager);
}

function toManager(manager: typeof managers.$inferSelect): TManager {
  return {
    uid: manager.uid,
    name: manager.name,
    position: manager.position,
    email: manager.email,
    phone: manager.phone,
    photo: manager.photo,
  };
}
