/** The sidebar's "download log": saves localStorage `logs` (the local log of order attempts, spec §3) as a file. */
import { saveFile } from '../../shared/api/client';
import { STORAGE_KEYS } from '../../shared/storage-keys';

const pad = (value: number) => String(value).padStart(2, '0');

/** The file's local date and time, YYYY-MM-DD_HH-mm. */
export const logStamp = (at: Date) =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}_${pad(at.getHours())}-${pad(at.getMinutes())}`;

/** Answers false when there is nothing to save. */
export function downloadOrderLog(now = new Date()): boolean {
  const raw = localStorage.getItem(STORAGE_KEYS.orderLog);
  if (!raw || raw === '[]' || raw === '{}') return false;
  let text = raw;
  let extension = 'txt';
  try {
    // Pretty-printed JSON is what a manager or support engineer can read when the dealer sends the file.
    text = JSON.stringify(JSON.parse(raw), null, 2);
    extension = 'json';
  } catch {
    // Not JSON: saved as it is.
  }
  const type = extension === 'json' ? 'application/json' : 'text/plain';
  saveFile(new Blob([text], { type: `${type};charset=utf-8` }), `orders-log-${logStamp(now)}.${extension}`);
  return true;
}
