/**
 * Quick order: lines of «article quantity» (or «article characteristic quantity»), pasted or read from a CSV/XLSX
 * sheet, parsed into what to look up; a line that cannot be read is reported with the reason to fix it.
 */
import { articleKey } from '../article-search';
import { ORDER_LINE_QUANTITY_MAX, quantityTooLargeText } from './price-order';

export interface QuickOrderLine {
  /** 1-based line number in the source, so the dealer can find it. */
  lineNo: number;
  raw: string;
  article: string;
  /** Size or height when the product has several; '' when not given. */
  characteristic: string;
  quantity: number;
}

export interface QuickOrderProblem {
  lineNo: number;
  raw: string;
  reason: string;
}

export interface QuickOrderParse {
  lines: QuickOrderLine[];
  problems: QuickOrderProblem[];
}

const HEADER = /^(артикул|article|арт\.?)$/i;

/** Splits one source line into cells: tabs, semicolons and commas separate cells; else whitespace separates words. */
export function quickOrderCells(raw: string): string[] {
  const text = raw.replace(/\u00a0/g, ' ').trim();
  if (text === '') return [];
  const separated = /[\t;]/.test(text) ? text.split(/[\t;]/) : text.includes(',') ? text.split(',') : text.split(/\s+/);
  return separated.map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim()).filter((cell) => cell !== '');
}

/**
 * How many leading cells make the article: two when it was typed with a space between its letters and digits
 * («КСТ 100А 48 2»: three letters, then a cell starting with three digits), else one. A quantity must remain after.
 */
function splitArticleCells(cells: readonly string[]): number {
  const [letters = '', digits = ''] = cells;
  return cells.length >= 3 && /^[А-ЯЁ]{3}$/.test(articleKey(letters)) && /^\d{3}/.test(articleKey(digits)) ? 2 : 1;
}

/** Parses rows of cells (from a sheet) or a pasted text; lines with the same article and characteristic add up. */
export function parseQuickOrder(source: string | ReadonlyArray<readonly string[]>): QuickOrderParse {
  const rows = typeof source === 'string' ? source.split(/\r?\n/).map((raw) => ({ raw, cells: quickOrderCells(raw) })) : source.map((cells) => ({ raw: cells.join(' ').trim(), cells: cells.map((cell) => String(cell).trim()).filter(Boolean) }));
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  rows.forEach(({ raw, cells }, index) => {
    const lineNo = index + 1;
    if (cells.length === 0) return;
    if (HEADER.test(cells[0] ?? '')) return;
    if (cells.length === 1) {
      problems.push({ lineNo, raw, reason: 'Не указано количество: напишите его после артикула через пробел.' });
      return;
    }
    const quantityText = (cells[cells.length - 1] ?? '').replace(/\s/g, '');
    const articleCells = splitArticleCells(cells);
    const article = cells.slice(0, articleCells).join(' ').trim();
    const characteristic = cells.slice(articleCells, -1).join(' ').trim();
    if (!/^-?\d+([.,]\d+)?$/.test(quantityText)) {
      problems.push({ lineNo, raw, reason: `Количество «${quantityText}» — не число: укажите целое число больше 0.` });
      return;
    }
    const quantity = Number(quantityText.replace(',', '.'));
    if (!Number.isInteger(quantity) || quantity <= 0) {
      problems.push({ lineNo, raw, reason: `Количество ${quantityText} не подходит: укажите целое число больше 0.` });
      return;
    }
    // The order's own limit (price-order.ts): a line above it would be dropped by the order, not added.
    const tooLarge = () => problems.push({ lineNo, raw, reason: `Не добавлено: ${quantityTooLargeText(quantityText)}` });
    if (quantity > ORDER_LINE_QUANTITY_MAX) {
      tooLarge();
      return;
    }
    const same = lines.find((line) => articleKey(line.article) === articleKey(article) && line.characteristic === characteristic);
    if (same && same.quantity + quantity > ORDER_LINE_QUANTITY_MAX) tooLarge();
    else if (same) same.quantity += quantity;
    else lines.push({ lineNo, raw, article, characteristic, quantity });
  });
  return { lines, problems };
}
