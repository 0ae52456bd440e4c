/**
 * Reads a CommerceML 2 document as a stream (saxes): the file is decoded chunk by chunk (UTF-8, checked, or
 * windows-1251 when its XML declaration says so) and only the elements the caller asks for are built, one at a time
 * (a good, an offer, the classifier's groups), so a million offers never sit in memory together. The caller awaits
 * each element before the next chunk is read.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import { ExchangeRefusal } from './upload-folder';

/** An element with its attributes, its child elements and its own text. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export const childNode = (node: XmlNode | undefined, name: string) => node?.children.find((child) => child.name === name);
export const childNodes = (node: XmlNode | undefined, name: string) => node?.children.filter((child) => child.name === name) ?? [];
/** The trimmed text of a child element; undefined when there is no such child. */
export const childText = (node: XmlNode | undefined, name: string) => {
  const child = childNode(node, name);
  return child === undefined ? undefined : child.text.trim();
};

export type CommerceMlRecord =
  /** An element opened on one of the `headers` paths: its attributes only (e.g. Каталог СодержитТолькоИзменения). */
  | { kind: 'open'; path: string; attrs: Record<string, string> }
  /** A whole element on one of the `elements` paths. */
  | { kind: 'element'; path: string; node: XmlNode };

/** The most text one captured element may hold: a good is a few kilobytes; more means a broken or hostile file. */
const ELEMENT_TEXT_LIMIT = 8 * 2 ** 20;
const ROOT = 'КоммерческаяИнформация';

/** The encoding the document declares (BOM, then the XML declaration); UTF-8 when it says nothing. */
export async function declaredEncoding(file: string): Promise<'utf8' | 'win1251'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) return 'utf8';
    const declaration = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(start.toString('latin1'))?.[1]?.toLowerCase();
    if (declaration === undefined || declaration === 'utf-8' || declaration === 'utf8') return 'utf8';
    if (['windows-1251', 'cp1251', 'win-1251', 'win1251'].includes(declaration)) return 'win1251';
    throw new ExchangeRefusal(`Файл ${path.basename(file)} в кодировке «${declaration}»: выгружайте CommerceML в UTF-8 или windows-1251.`);
  } finally {
    await handle.close();
  }
}

/**
 * The records of a CommerceML file: paths are element names from the root's child down, joined by '/', e.g.
 * 'Каталог/Товары/Товар'. Refuses (ExchangeRefusal, with a Russian reason) a file that is not UTF-8 when it says it
 * is, is not well-formed XML, or is not a CommerceML document.
 */
export async function* readCommerceMl(
  file: string,
  want: { elements: readonly string[]; headers?: readonly string[] },
): AsyncGenerator<CommerceMlRecord> {
  const name = path.basename(file);
  const encoding = await declaredEncoding(file);
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const win1251 = iconv.getDecoder('win1251');
  const decode = (chunk: Buffer, last: boolean): string => {
    if (encoding === 'win1251') return last ? win1251.write(chunk) + (win1251.end() ?? '') : win1251.write(chunk);
    try {
      return utf8.decode(chunk, { stream: !last });
    } catch {
      throw new ExchangeRefusal(`Файл ${name} объявлен в UTF-8, но содержит байты не в UTF-8: проверьте кодировку выгрузки (или укажите encoding="windows-1251").`);
    }
  };

  const elements = new Set(want.elements);
  const headers = new Set(want.headers ?? []);
  const queue: CommerceMlRecord[] = [];
  const names: string[] = [];
  let building: XmlNode[] = [];
  let capturedPath = '';
  let capturedText = 0;
  let parseError: ExchangeRefusal | null = null;

  const parser = new SaxesParser({ position: true });
  parser.on('error', (error) => {
    parseError ??= new ExchangeRefusal(
      `Файл ${name} — не правильно построенный XML (строка ${parser.line}, позиция ${parser.column}): выгрузите файл заново.`,
    );
    void error;
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    if (names.length === 0 && tag.name !== ROOT) {
      parseError ??= new ExchangeRefusal(`Файл ${name} не документ CommerceML: корневой элемент «${tag.name}», а не «${ROOT}».`);
    }
    if (names.length === 0 && tag.name === ROOT) queue.push({ kind: 'open', path: '', attrs });
    names.push(tag.name);
    if (building.length > 0) {
      const node: XmlNode = { name: tag.name, attrs, children: [], text: '' };
      building.at(-1)!.children.push(node);
      building.push(node);
      return;
    }
    const at = names.slice(1).join('/');
    if (headers.has(at)) queue.push({ kind: 'open', path: at, attrs });
    if (elements.has(at)) {
      building = [{ name: tag.name, attrs, children: [], text: '' }];
      capturedPath = at;
      capturedText = 0;
    }
  });
  const addText = (text: string) => {
    if (building.length === 0) return;
    capturedText += text.length;
    if (capturedText > ELEMENT_TEXT_LIMIT) {
      parseError ??= new ExchangeRefusal(`Файл ${name}: элемент ${capturedPath} больше ${ELEMENT_TEXT_LIMIT / 2 ** 20} МБ текста — так CommerceML не выгружается, проверьте файл.`);
      return;
    }
    building.at(-1)!.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    names.pop();
    if (building.length === 0) return;
    const node = building.pop()!;
    if (building.length === 0) queue.push({ kind: 'element', path: capturedPath, node });
  });

  const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      parser.write(decode(chunk as Buffer, false));
      if (parseError) throw parseError;
      while (queue.length > 0) yield queue.shift()!;
    }
    parser.write(decode(Buffer.alloc(0), true));
    parser.close();
    if (parseError) throw parseError;
    while (queue.length > 0) yield queue.shift()!;
  } finally {
    stream.destroy();
  }
  if (names.length > 0) {
    throw new ExchangeRefusal(`Файл ${name} оборван: XML не закрыт до конца. Выгрузите файл заново.`);
  }
}
