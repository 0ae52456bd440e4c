import type { TProductSearchResult } from '@portal/contracts';
import { ORGANISATION, parseQuickOrder } from '@portal/domain';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { resolveQuickOrder } from './resolve';
import { readXlsxRows } from './xlsx';

function product(article: string, sizes: Array<[string, number]>): TProductSearchResult {
  return {
    PRODUCT: { ID: 1, UID: `uid-${article}`, NAME: `Товар ${article}`, TYPE: 'wear', ARTICLE: article, PRICE: 1400, PRICE_OPT: 1000, PRICE_NET: 900, WEIGHT: 1, VALUME: 0.01, DETAIL_TEXT: '', STATUS: '', VIDEO: null, CHARACTERISTICS: [], MAX_DISCOUNT: 0 },
    OFFERS: sizes.map(([size, residue], i) => ({ ID: i + 1, CHARACTERISTIC: size, RESIDUE: residue, PRICE: 1000, PPDATA: '', GUID: `${article}-${size}`, ORGGUID: ORGANISATION.FRO })),
    FOUND: [],
    IMAGES: [],
    PROTECT: '',
    VIDEO: null,
    PRICETYPE: { id: '', name: 'Дилерская' },
  };
}

const catalogue = new Map([
  ['КСТ-1', product('КСТ-1', [['48', 5]])],
  ['БТН-2', product('БТН-2', [['41', 3], ['42', 0]])],
]);
const lookup = async (article: string) => catalogue.get(article.toUpperCase()) ?? null;
const contracts = [{ guid: ORGANISATION.FRO, discount: 10 }] as never;

describe('resolveQuickOrder', () => {
  it('adds found lines priced with the contract and reports the rest with the reason', async () => {
    const { lines, problems: parseProblems } = parseQuickOrder('КСТ-1 7\nНЕТ-1 2\nБТН-2 3\nБТН-2 42 4\nБТН-2 45 1\nКСТ-1 пять');
    const { positions, problems } = await resolveQuickOrder(lines, lookup, contracts);
    expect(positions.map((p) => [p.article, p.characteristics.map((l) => [l.CHARACTERISTIC, l.count, l.PRICE])])).toEqual([
      ['КСТ-1', [['48', 7, 900]]],
      ['БТН-2', [['42', 4, 900]]],
    ]);
    expect(problems.map((p) => p.lineNo)).toEqual([2, 3, 5]);
    expect(problems[0]!.reason).toMatch(/не найден в каталоге/);
    expect(problems[1]!.reason).toMatch(/несколько размеров \(41, 42\)/);
    expect(problems[2]!.reason).toMatch(/нет размера «45»/);
    expect(parseProblems.map((p) => p.lineNo)).toEqual([6]);
  });
});

describe('readXlsxRows', () => {
  it('reads shared strings, inline strings and numbers of the first sheet', () => {
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>
      <row r="2"><c r="A2" t="inlineStr"><is><t>КСТ-1</t></is></c><c r="C2"><v>7</v></c></row>
    </sheetData></worksheet>`;
    const shared = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Артикул</t></si><si><t>Количество</t></si></sst>`;
    const file = zipSync({ 'xl/worksheets/sheet1.xml': strToU8(sheet), 'xl/sharedStrings.xml': strToU8(shared) });
    expect(readXlsxRows(file)).toEqual([
      ['Артикул', 'Количество'],
      ['КСТ-1', '', '7'],
    ]);
    expect(parseQuickOrder(readXlsxRows(file)).lines).toMatchObject([{ article: 'КСТ-1', quantity: 7, lineNo: 2 }]);
  });

  it('says what to do with a file that is not an xlsx', () => {
    expect(() => readXlsxRows(strToU8('not a zip'))).toThrow(/\.xlsx или \.csv/);
  });
});
