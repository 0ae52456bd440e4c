/**
 * The record's page for a company's administrators (`audit.view`): filtered by person, action and Moscow period,
 * paged, and exported whole as CSV or XLSX.
 */
import { auditActionLabel, auditChangesText, type AuditAction } from '@portal/domain';
import type { TAuditPage, TAuditRecord } from '@portal/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { requireUserPartner } from '../../lib/partner-scope';
import * as repo from './audit.repository';
import { xlsxOf } from './xlsx';

export const AUDIT_PAGE_SIZE = 50;
/** An export holds at most this many records: a longer period is exported in parts. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export interface AuditFilterInput {
  person?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** A Moscow day's start as an instant (Moscow keeps UTC+3 all year). */
const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

function filterOf(partnerId: number, input: AuditFilterInput): repo.AuditFilter {
  const from = input.from ? moscowMidnight(input.from) : undefined;
  const to = input.to ? new Date(moscowMidnight(input.to).getTime() + 86_400_000) : undefined;
  if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) throw badRequest('Период не читается: выберите даты в календаре.');
  if (from && to && from >= to) throw badRequest('Начало периода позже его конца: поменяйте даты местами.');
  return { partnerId, userId: input.person, action: input.action, from, to };
}

async function companyFor(db: Db, userId: number, partnerUid: string) {
  return requireUserPartner(db, userId, partnerUid, 'audit.view');
}

function toRecord(row: Awaited<ReturnType<typeof repo.listRecords>>[number]): TAuditRecord {
  return {
    id: row.record.id,
    time: Math.floor(row.record.createdAt.getTime() / 1000),
    person: row.person ?? '',
    login: row.login ?? '',
    action: row.record.action,
    action_name: auditActionLabel(row.record.action),
    object: row.record.object,
    changes: (row.record.changes ?? {}) as Record<string, unknown>,
    ip: row.record.ip,
  };
}

export async function auditPage(db: Db, userId: number, partnerUid: string, input: AuditFilterInput & { page: number }): Promise<TAuditPage> {
  const partner = await companyFor(db, userId, partnerUid);
  const filter = filterOf(partner.id, input);
  const [rows, total, people] = [
    await repo.listRecords(db, filter, { limit: AUDIT_PAGE_SIZE, offset: (input.page - 1) * AUDIT_PAGE_SIZE }),
    await repo.countRecords(db, filter),
    await repo.companyPeople(db, partner.id),
  ];
  return {
    records: rows.map(toRecord),
    total,
    page: input.page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    people: people.map((person) => ({ id: person.id, name: person.person || person.login })),
  };
}

/** «12.03.2026 14:05:09» in Moscow. */
const moscowTime = (unix: number) =>
  new Date(unix * 1000).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).replace(',', '');

const HEADER = ['Дата и время (МСК)', 'Сотрудник', 'Логин', 'Действие', 'Объект', 'Изменения', 'IP-адрес'];

const csvCell = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function auditExport(db: Db, userId: number, partnerUid: string, input: AuditFilterInput, format: 'csv' | 'xlsx') {
  const partner = await companyFor(db, userId, partnerUid);
  const rows = (await repo.listRecords(db, filterOf(partner.id, input), { limit: AUDIT_EXPORT_LIMIT, offset: 0 })).map(toRecord);
  const table = rows.map((record) => [moscowTime(record.time), record.person, record.login, record.action_name, record.object, auditChangesText(record.changes), record.ip]);
  const day = new Date().toISOString().slice(0, 10);
  if (format === 'xlsx') {
    return { body: Buffer.from(xlsxOf('Журнал действий', HEADER, table)), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `journal-${day}.xlsx` };
  }
  // A byte order mark and semicolons: what a spreadsheet in a Russian locale opens as columns, Cyrillic intact.
  const text = '\uFEFF' + [HEADER, ...table].map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';
  return { body: Buffer.from(text, 'utf8'), type: 'text/csv; charset=utf-8', fileName: `journal-${day}.csv` };
}

