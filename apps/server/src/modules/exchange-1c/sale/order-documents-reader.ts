/**
 * Reads the order documents 1C uploads (`type=sale&mode=file`) as a stream: the bytes are decoded chunk by chunk in
 * the encoding the XML declaration names (windows-1251 or UTF-8) and fed to saxes, keeping only each «Документ»'s
 * own fields — never a tree of the whole file. Anything that is not well-formed CommerceML is refused with a Russian
 * reason before a single change is applied.
 */
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';

/** A reason to refuse the whole file, said to 1C's operator after «failure». */
export class ExchangeFileRefused extends Error {}

/**
 * The file is well-formed as far as it goes but ends before its root element closes: a part of a file 1C sends in
 * several `file` calls, or a file cut off on the way.
 */
export class ExchangeFileCutOff extends ExchangeFileRefused {}

export interface OrderDocumentFromOneC {
  /** The document's place in the file, from 1, for the report. */
  position: number;
  id: string;
  number: string;
  /** «Номер1С», which some configurations write beside the requisites. */
  number1c: string;
  operation: string;
  sum: string;
  /** «ЗначенияРеквизитов» of the document itself (not of its lines), by name. */
  requisites: Map<string, string>;
  lines: OrderLineFromOneC[];
}

/** A goods line of a document, as 1C wrote it. */
export interface OrderLineFromOneC {
  id: string;
  name: string;
  quantity: string;
  /** «ЦенаЗаЕдиницу»: the unit price billed. */
  price: string;
  sum: string;
  /** The value of «ХарактеристикиТовара/ХарактеристикаТовара» (the size), '' when none. */
  characteristic: string;
  /** The line's «ТипНоменклатуры» (or «ВидНоменклатуры»): «Товар», «Услуга» (a delivery, a service), '' when not said. */
  kind: string;
}

const CHUNK = 64 * 1024;
/** No field of an order document is this long; a longer one is a broken or hostile file. */
const FIELD_LIMIT = 100_000;

/** The encoding named by the XML declaration (or the byte order mark); UTF-8 when none is named, as XML says. */
export function declaredEncoding(head: Buffer): 'utf8' | 'windows-1251' {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  const declaration = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(0, 512).toString('latin1'));
  const name = (declaration?.[1] ?? 'utf-8').toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return 'utf8';
  if (name === 'windows-1251' || name === 'cp1251' || name === 'win-1251') return 'windows-1251';
  throw new ExchangeFileRefused(`Кодировка «${declaration?.[1]}» не поддерживается: выгрузите файл в UTF-8 или windows-1251.`);
}

export function readOrderDocuments(body: Buffer): OrderDocumentFromOneC[] {
  if (body.length === 0) throw new ExchangeFileRefused('Файл пуст: 1С не передала документы заказов.');
  const encoding = declaredEncoding(body);
  const decoder = iconv.getDecoder(encoding);
  const parser = new SaxesParser({ position: true });
  const documents: OrderDocumentFromOneC[] = [];
  const path: string[] = [];
  let rootSeen = false;
  let current: OrderDocumentFromOneC | undefined;
  let documentDepth = 0;
  let text = '';
  let requisite: { name: string; value: string } | undefined;
  let line: OrderLineFromOneC | undefined;
  let lineRequisite: { name: string; value: string } | undefined;
  let failure: Error | undefined;

  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new ExchangeFileRefused('Файл содержит DOCTYPE: 1С такие файлы не выгружает, файл не принят.');
  });
  parser.on('opentag', (tag) => {
    if (path.length === 0) {
      rootSeen = true;
      if (tag.name !== 'КоммерческаяИнформация') {
        failure ??= new ExchangeFileRefused(`Корневой элемент «${tag.name}», а ожидается «КоммерческаяИнформация»: это не файл CommerceML.`);
      }
    }
    path.push(tag.name);
    text = '';
    if (tag.name === 'Документ' && !current) {
      current = { position: documents.length + 1, id: '', number: '', number1c: '', operation: '', sum: '', requisites: new Map(), lines: [] };
      documentDepth = path.length;
      return;
    }
    if (!current) return;
    const inside = path.slice(documentDepth);
    // A requisite in «ЗначенияРеквизитов», or straight under «Документ» as older configurations write it.
    if (tag.name === 'ЗначениеРеквизита' && (inside.length === 1 || (inside.length === 2 && inside[0] === 'ЗначенияРеквизитов'))) requisite = { name: '', value: '' };
    if (line && inside.length === 4 && inside[2] === 'ЗначенияРеквизитов' && tag.name === 'ЗначениеРеквизита') lineRequisite = { name: '', value: '' };
    if (inside.length === 2 && inside[0] === 'Товары' && tag.name === 'Товар') line = { id: '', name: '', quantity: '', price: '', sum: '', characteristic: '', kind: '' };
  });
  parser.on('text', (chunk) => {
    if (!current) return;
    if (text.length + chunk.length > FIELD_LIMIT) {
      failure ??= new ExchangeFileRefused(`Документ № ${current.position}: поле «${path.at(-1)}» длиннее ${FIELD_LIMIT} символов — файл не принят.`);
      return;
    }
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (current && text.length + chunk.length <= FIELD_LIMIT) text += chunk;
  });
  parser.on('closetag', (tag) => {
    if (current) {
      const inside = path.slice(documentDepth);
      const value = text.trim();
      if (inside.length === 0) {
        documents.push(current);
        current = undefined;
      } else if (inside.length === 1) {
        if (tag.name === 'Ид') current.id = value;
        else if (tag.name === 'Номер') current.number = value;
        else if (tag.name === 'Номер1С') current.number1c = value;
        else if (tag.name === 'ХозОперация') current.operation = value;
        else if (tag.name === 'Сумма') current.sum = value;
        else if (tag.name === 'ЗначениеРеквизита' && requisite) {
          // The older form without «ЗначенияРеквизитов» around the requisites.
          if (requisite.name) current.requisites.set(requisite.name, requisite.value);
          requisite = undefined;
        }
      } else if (inside[0] === 'ЗначенияРеквизитов' || (inside[0] === 'ЗначениеРеквизита' && inside.length === 2)) {
        if (inside.length === 2 && tag.name === 'ЗначениеРеквизита' && requisite) {
          if (requisite.name) current.requisites.set(requisite.name, requisite.value);
          requisite = undefined;
        } else if (requisite && tag.name === 'Наименование') requisite.name = value;
        else if (requisite && tag.name === 'Значение') requisite.value = value;
      } else if (inside[0] === 'Товары' && line) {
        if (inside.length === 2 && tag.name === 'Товар') {
          current.lines.push(line);
          line = undefined;
        } else if (inside.length === 3 && tag.name === 'Ид') line.id = value;
        else if (inside.length === 3 && tag.name === 'Количество') line.quantity = value;
        else if (inside.length === 3 && tag.name === 'Сумма') line.sum = value;
        else if (inside.length === 3 && tag.name === 'ЦенаЗаЕдиницу') line.price = value;
        else if (inside.length === 3 && tag.name === 'Наименование') line.name = value;
        else if (inside.length === 5 && inside[3] === 'ХарактеристикаТовара' && tag.name === 'Значение') line.characteristic = value;
        else if (inside.length === 5 && inside[2] === 'ЗначенияРеквизитов' && lineRequisite) {
          if (tag.name === 'Наименование') lineRequisite.name = value;
          else if (tag.name === 'Значение') lineRequisite.value = value;
        } else if (inside.length === 4 && inside[2] === 'ЗначенияРеквизитов' && tag.name === 'ЗначениеРеквизита' && lineRequisite) {
          // «ТипНоменклатуры» says it where both are written (1C:УТ 11 writes the two; older ones «ВидНоменклатуры»).
          if (lineRequisite.name === 'ТипНоменклатуры' || (lineRequisite.name === 'ВидНоменклатуры' && !line.kind)) line.kind = lineRequisite.value;
          lineRequisite = undefined;
        }
      }
    }
    path.pop();
    text = '';
  });

  for (let offset = 0; offset < body.length && !failure; offset += CHUNK) {
    const decoded = decoder.write(body.subarray(offset, offset + CHUNK));
    if (encoding === 'utf8' && decoded.includes('\uFFFD')) {
      throw new ExchangeFileRefused('Файл объявлен в кодировке UTF-8, но содержит байты не UTF-8 (возможно, он в windows-1251): укажите верную кодировку в заголовке XML.');
    }
    parser.write(decoded);
  }
  // Everything so far was well-formed: a problem found only at the end is the end missing.
  let cutOff = false;
  if (!failure) {
    const rest = decoder.end();
    if (rest) parser.write(rest);
    parser.close();
    // (the parser's handlers may have set it during close(); TypeScript cannot see that)
    const atTheEnd = failure as Error | undefined;
    cutOff = atTheEnd !== undefined && !(atTheEnd instanceof ExchangeFileRefused);
  }
  if (failure) {
    if (failure instanceof ExchangeFileRefused) throw failure;
    const reason = `Файл не является корректным XML: ${xmlProblem(failure)}. Ничего не изменено.`;
    throw cutOff ? new ExchangeFileCutOff(reason) : new ExchangeFileRefused(reason);
  }
  if (!rootSeen) throw new ExchangeFileRefused('В файле нет XML: ожидается документ CommerceML «КоммерческаяИнформация».');
  return documents;
}

/** saxes says where and what («3:14: unclosed tag: Документ»); the place is kept, the words made Russian where known. */
function xmlProblem(error: Error): string {
  const match = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/.exec(error.message);
  if (!match) return error.message;
  const [, row, column, what] = match;
  const known: Array<[RegExp, string]> = [
    [/unclosed tag/i, 'незакрытый элемент'],
    [/unexpected close tag/i, 'закрывающий тег не совпадает с открытым'],
    [/text data outside of root node/i, 'текст вне корневого элемента'],
    [/disallowed character/i, 'недопустимый символ'],
    [/undefined entity/i, 'неизвестная ссылка на сущность'],
    [/document must contain a root element/i, 'нет корневого элемента'],
  ];
  const russian = known.find(([pattern]) => pattern.test(what!))?.[1];
  return `строка ${row}, позиция ${column}: ${russian ? `${russian} (${what})` : what}`;
}
