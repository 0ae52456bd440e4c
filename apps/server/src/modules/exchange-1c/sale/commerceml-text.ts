/**
 * Writing CommerceML as 1C reads it: XML text escaped once here, sums with a dot and two decimals, and the document
 * encoded in windows-1251 (what 1C's exchange modules have always sent and read; docs/decisions.md «1C order
 * exchange»). A character windows-1251 has no byte for (an emoji in a comment) goes as an XML character reference,
 * so nothing the dealer typed is lost to a «?».
 */
import { fromKopecks } from '@portal/domain';
import iconv from 'iconv-lite';

export const COMMERCEML_ENCODING = 'windows-1251';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 forbids in text (control characters other than tab and line breaks) are dropped.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlText(value: string | number): string {
  return String(value)
    .replace(FORBIDDEN, '')
    .replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** An element with text; `undefined` or '' writes nothing when `optional`. */
export function element(name: string, value: string | number, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, text]) => ` ${key}="${xmlText(text)}"`)
    .join('');
  return `<${name}${attrs}>${xmlText(value)}</${name}>`;
}

export const optionalElement = (name: string, value: string | undefined | null) => (value ? element(name, value) : '');

/** A sum in roubles as CommerceML writes it: «1234.50» (ФорматСуммы «ЧРД=.»). */
export const rubles = (kopecks: number): string => fromKopecks(kopecks).toFixed(2);

/** `<ЗначениеРеквизита>` pairs, the free-form requisites of a document or a line. */
export function requisites(pairs: ReadonlyArray<readonly [string, string]>): string {
  const written = pairs.filter(([, value]) => value !== '');
  if (written.length === 0) return '';
  return `<ЗначенияРеквизитов>${written.map(([name, value]) => `<ЗначениеРеквизита>${element('Наименование', name)}${element('Значение', value)}</ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов>`;
}

let windows1251Characters: Set<string> | undefined;
/** The characters windows-1251 encodes, read off the code page itself. */
function encodable(): Set<string> {
  if (!windows1251Characters) {
    const all = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
    windows1251Characters = new Set([...iconv.decode(all, COMMERCEML_ENCODING)].filter((char) => char !== '\uFFFD'));
  }
  return windows1251Characters;
}

/** The document's text in windows-1251; characters outside the code page become `&#N;`. */
export function encodeCommerceMl(xml: string): Buffer {
  const known = encodable();
  let text = '';
  for (const char of xml) text += char.charCodeAt(0) < 0x80 || known.has(char) ? char : `&#${char.codePointAt(0)};`;
  return iconv.encode(text, COMMERCEML_ENCODING);
}
