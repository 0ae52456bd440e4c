import { ZIntegrationOrderDocumentsSchema, ZIntegrationProductSchema, ZIntegrationUserSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { csvToItems, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads ; or , separated lines with quoted fields, a BOM and CRLF', () => {
    expect(parseCsv('\uFEFFa;b;c\r\n1;"x;y";"say ""hi"""\r\n\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x;y', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n"multi\nline",2')).toEqual([
      ['a', 'b'],
      ['multi\nline', '2'],
    ]);
  });
});

describe('csvToItems', () => {
  it('types each cell as its field in the item schema, so an article of digits stays text', () => {
    const items = csvToItems('uid;article;name;price;price_opt;season_sale;max_discount\np1;12345;Куртка;4 200,50;3900;да;\n', ZIntegrationProductSchema);
    expect(items).toEqual([{ uid: 'p1', article: '12345', name: 'Куртка', price: 4200.5, price_opt: 3900, season_sale: true }]);
    expect(ZIntegrationProductSchema.safeParse(items[0]).success).toBe(true);
  });

  it('nests dotted columns and splits list columns on |', () => {
    const documents = csvToItems('order;guid;doc_status.StatusSchet;doc_status.StatusUPD\n10001;c-1;1;0', ZIntegrationOrderDocumentsSchema);
    expect(documents).toEqual([{ order: 10001, guid: 'c-1', doc_status: { StatusSchet: true, StatusUPD: false } }]);
    const users = csvToItems('login;password;partners;blocked\nivan;secret-123;uid-1|uid-2;нет', ZIntegrationUserSchema);
    expect(users).toEqual([{ login: 'ivan', password: 'secret-123', partners: ['uid-1', 'uid-2'], blocked: false }]);
  });

  it('leaves a bad number as text for the schema to refuse with its message', () => {
    const [item] = csvToItems('uid;article;name;price;price_opt\np1;A-1;Куртка;дорого;1', ZIntegrationProductSchema);
    const parsed = ZIntegrationProductSchema.safeParse(item);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/price: укажите число/);
  });
});
