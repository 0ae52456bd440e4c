/**
 * CSV files for the operators' import: the first line names the fields (dotted names nest, e.g.
 * doc_status.StatusSchet); `;` or `,` separated, quoted fields as in RFC 4180, a UTF-8 BOM (Excel) tolerated. Each cell
 * is turned into the type its field has in the item schema, so the rows go through the same checks as the API's JSON.
 */
import type { z } from 'zod';

export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((line) => line.some((value) => value.trim() !== ''));
}

type Def = { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field's own type under optional, default, nullable and pipes. */
function baseOf(schema: z.ZodType | undefined): { type: string; nullable: boolean; shape?: Record<string, z.ZodType> } {
  let nullable = false;
  let current = schema;
  while (current) {
    const def = defOf(current);
    if (def.type === 'nullable') nullable = true;
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') && def.innerType) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) current = def.in;
    else return { type: def.type, nullable, shape: def.type === 'object' ? (current as unknown as { shape: Record<string, z.ZodType> }).shape : undefined };
  }
  return { type: 'unknown', nullable };
}

const TRUE = new Set(['true', '1', 'да', 'yes']);
const FALSE = new Set(['false', '0', 'нет', 'no']);

function cellValue(raw: string, field: ReturnType<typeof baseOf>): unknown {
  const value = raw.trim();
  if (value === '') return field.nullable ? null : undefined;
  switch (field.type) {
    case 'number':
    case 'int': {
      const number = Number(value.replace(',', '.').replace(/\s/g, ''));
      return Number.isNaN(number) ? value : number;
    }
    case 'boolean':
      return TRUE.has(value.toLowerCase()) ? true : FALSE.has(value.toLowerCase()) ? false : value;
    case 'array':
      // A JSON array, or values separated by |.
      if (value.startsWith('[')) {
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      }
      return value.split('|').map((part) => part.trim()).filter(Boolean);
    case 'object':
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    default:
      return raw;
  }
}

/** The CSV's rows as items for the schema: each cell typed as its field. Unknown columns are passed on as text. */
export function csvToItems(text: string, schema: z.ZodType): Array<Record<string, unknown>> {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const root = baseOf(schema).shape ?? {};
  return rows.map((row) => {
    const item: Record<string, unknown> = {};
    header.forEach((name, column) => {
      const path = name.trim().split('.');
      let target = item;
      let shape: Record<string, z.ZodType> | undefined = root;
      for (const part of path.slice(0, -1)) {
        target = (target[part] ??= {}) as Record<string, unknown>;
        shape = baseOf(shape?.[part]).shape;
      }
      const last = path[path.length - 1]!;
      const value = cellValue(row[column] ?? '', baseOf(shape?.[last]));
      if (value !== undefined) target[last] = value;
    });
    return item;
  });
}
