/**
 * What the operators' command line does with users and files: every command goes through importBatch, the same code
 * as the integration API, so a user created here or a file imported here is checked and applied exactly as the ERP's.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TIntegrationReport, TIntegrationUser } from '@portal/contracts';
import { GENERAL_VAT_SELLER, organisationName, russianDay, vatLabel } from '@portal/domain';
import { listVatRates, setVatRate } from '../vat';
import { csvToItems } from './csv';
import * as repo from './integration.repository';
import { INTEGRATION_KINDS, INTEGRATION_KIND_NAMES, importBatch, type IntegrationApp, type IntegrationKindName } from './integration.service';

export class OperatorError extends Error {}
/** user:create for a login that is taken: the demo seed run again leaves its users as they are. */
export class UserExists extends OperatorError {}

/** A password an operator can read out or send: 12 characters without look-alikes. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

async function applyUser(app: IntegrationApp, user: TIntegrationUser): Promise<void> {
  const report = await importBatch(app, 'users', [user]);
  const [item] = report.items;
  if (item?.status !== 'applied') throw new OperatorError(item?.reason ?? 'Не удалось сохранить пользователя.');
}

export async function createUser(
  app: IntegrationApp,
  login: string,
  options: Omit<TIntegrationUser, 'login' | 'password'> & { password?: string },
): Promise<{ password: string; generated: boolean }> {
  if (await repo.userByLogin(app.db, login)) {
    throw new UserExists(`Пользователь ${login} уже есть. Новый пароль задаёт user:password, блокировку — user:block.`);
  }
  const password = options.password ?? generatePassword();
  await applyUser(app, { login, ...options, password });
  return { password, generated: options.password === undefined };
}

async function requireUser(app: IntegrationApp, login: string) {
  if (!(await repo.userByLogin(app.db, login))) throw new OperatorError(`Пользователь ${login} не найден: проверьте логин.`);
}

/** Sets a new password (generated when none is given) and ends the user's sessions. */
export async function resetPassword(app: IntegrationApp, login: string, password?: string) {
  await requireUser(app, login);
  const value = password ?? generatePassword();
  await applyUser(app, { login, password: value });
  return { password: value, generated: password === undefined };
}

export async function setBlocked(app: IntegrationApp, login: string, blocked: boolean) {
  await requireUser(app, login);
  await applyUser(app, { login, blocked });
}

/** Reads a JSON array (or `{items: [...]}`) or a CSV file and imports it as the given kind. */
export async function importFile(app: IntegrationApp, kind: string, file: string): Promise<TIntegrationReport> {
  if (!INTEGRATION_KIND_NAMES.includes(kind as IntegrationKindName)) {
    throw new OperatorError(`Неизвестный вид данных «${kind}». Допустимы: ${INTEGRATION_KIND_NAMES.join(', ')}.`);
  }
  const name = kind as IntegrationKindName;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new OperatorError(`Не удалось прочитать файл ${file}: ${(error as Error).message}`);
  }
  let items: unknown[];
  if (path.extname(file).toLowerCase() === '.csv') {
    items = csvToItems(text, INTEGRATION_KINDS[name].schema);
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new OperatorError(`Файл ${file} не является корректным JSON: ${(error as Error).message}`);
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown } | null)?.items;
    if (!Array.isArray(list)) throw new OperatorError(`В файле ${file} ожидается JSON-массив элементов (или объект {"items": [...]}).`);
    items = list;
  }
  return importBatch(app, name, items);
}

/** The report as lines for the terminal: totals, then each refused item with its reason. */
export function formatReport(report: TIntegrationReport): string {
  const lines = [`Применено: ${report.applied}, отклонено: ${report.refused}.`];
  for (const item of report.items) {
    if (item.status === 'refused') lines.push(`  #${item.index + 1}${item.key ? ` (${item.key})` : ''}: ${item.reason}`);
  }
  return lines.join('\n');
}

const sellerName = (seller: string) =>
  seller === GENERAL_VAT_SELLER ? 'общая ставка' : organisationName(seller, 'компания дилера');

/** The VAT table as lines for the terminal: seller, the day a rate takes effect, the rate. */
export async function vatTable(app: IntegrationApp): Promise<string> {
  const rates = await listVatRates(app.db);
  if (rates.length === 0) return 'Таблица НДС пуста: задайте ставку командой vat:set.';
  return rates.map((rate) => `${rate.seller} (${sellerName(rate.seller)})  с ${russianDay(rate.from)}  ${rate.percent === null ? vatLabel(null) : `${rate.percent} %`}`).join('\n');
}

/** «22», «22 %» or «none» / «без» (a seller without VAT) → the percent, null for none. */
export function parseVatPercent(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s*%$/, '');
  if (['none', 'без', 'без ндс', 'без-ндс'].includes(value)) return null;
  if (!/^\d+$/.test(value)) throw new OperatorError(`Ставка «${text}» не понята: укажите целое число процентов (например 22) или none — продавец без НДС.`);
  return Number(value);
}

/** Sets a seller's rate from a day; refused with the reason the API gives (the same checks). */
export async function setVat(app: IntegrationApp, seller: string, from: string, percentText: string): Promise<string> {
  const rate = await setVatRate(app.db, { seller, from, percent: parseVatPercent(percentText) });
  return `Ставка НДС ${rate.seller} (${sellerName(rate.seller)}) с ${russianDay(rate.from)}: ${rate.percent === null ? vatLabel(null) : `${rate.percent} %`}.`;
}
