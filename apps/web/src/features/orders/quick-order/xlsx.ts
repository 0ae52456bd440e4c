/**
 * Reads the first worksheet of an .xlsx file into rows of cell texts: the file is a zip (unpacked with fflate), the
 * sheet and shared strings are XML read with DOMParser. Enough for «article, quantity» lists; formulas read their
 * cached value.
 */
import { unzipSync, strFromU8 } from 'fflate';

const columnIndex = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
};

const textOf = (node: Element) =>
  Array.from(node.getElementsByTagName('t'))
    .map((t) => t.textContent ?? '')
    .join('');

export function readXlsxRows(bytes: Uint8Array): string[][] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => file.name.startsWith('xl/') });
  } catch {
    throw new Error('Файл не читается как Excel (.xlsx): сохраните его в формате .xlsx или .csv и загрузите снова.');
  }
  const sheetName = Object.keys(files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]))[0];
  if (!sheetName) throw new Error('В файле Excel не найден лист с данными.');
  const parser = new DOMParser();
  const shared = files['xl/sharedStrings.xml']
    ? Array.from(parser.parseFromString(strFromU8(files['xl/sharedStrings.xml']), 'application/xml').getElementsByTagName('si')).map(textOf)
    : [];
  const sheet = parser.parseFromString(strFromU8(files[sheetName]!), 'application/xml');
  const rows: string[][] = [];
  for (const row of Array.from(sheet.getElementsByTagName('row'))) {
    const cells: string[] = [];
    for (const cell of Array.from(row.getElementsByTagName('c'))) {
      const index = columnIndex(cell.getAttribute('r') ?? '');
      const type = cell.getAttribute('t');
      const value = cell.getElementsByTagName('v')[0]?.textContent ?? '';
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? textOf(cell) : value;
      cells[index] = text.trim();
    }
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  }
  return rows;
}
