/** `npm run portal -- exchange:log`: the latest packages of the 1C exchange with their counts and reasons. */
import type { DbOrTx } from '../../db/client';
import { latestLogEntries } from './exchange-1c.repository';

const moscow = (date: Date) => date.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });

/** Lines for the terminal, newest package first; `refusals` reasons are listed under each package (up to `reasons`). */
export async function exchangeLogLines(db: DbOrTx, limit = 20, reasons = 10): Promise<string[]> {
  const entries = await latestLogEntries(db, limit);
  if (entries.length === 0) return ['Обменов с 1С ещё не было.'];
  const lines: string[] = [];
  for (const entry of entries) {
    const seconds = ((entry.finishedAt.getTime() - entry.startedAt.getTime()) / 1000).toFixed(1);
    const what = `${entry.exchangeType}/${entry.packageKind}${entry.onlyChanges === 'true' ? ' (только изменения)' : ''}${entry.schemaVersion ? `, CommerceML ${entry.schemaVersion}` : ''}`;
    lines.push(
      `${moscow(entry.finishedAt)}  ${entry.fileName}  ${what}  ${entry.outcome === 'success' ? 'загружен' : 'ОТКЛОНЁН'} за ${seconds} с: ` +
        `создано ${entry.created}, изменено ${entry.changed}, без изменений ${entry.unchanged}, отклонено ${entry.refused}`,
    );
    if (entry.failure) lines.push(`    причина: ${entry.failure}`);
    const refusals = entry.refusals as Array<{ key: string; reason: string }>;
    for (const refusal of refusals.slice(0, reasons)) lines.push(`    ${refusal.key}: ${refusal.reason}`);
    if (entry.refused > Math.min(refusals.length, reasons)) lines.push(`    … и ещё ${entry.refused - Math.min(refusals.length, reasons)}`);
  }
  return lines;
}
