/**
 * What the exchange answers 1C: short lines of text (`success`, `progress`, `failure` and a reason), in windows-1251
 * as text/plain, the encoding 1C's exchange reads without a byte-order mark (docs/decisions.md, «1C exchange»).
 * Documents (the orders of `type=sale&mode=query`) are answered as they are, with their own content type.
 */
import iconv from 'iconv-lite';

export interface ExchangeAnswer {
  contentType: string;
  body: string | Buffer;
}

export const EXCHANGE_TEXT_TYPE = 'text/plain; charset=windows-1251';

/** Lines of text for 1C, joined by \n and encoded in windows-1251. */
export function textAnswer(...lines: string[]): ExchangeAnswer {
  return { contentType: EXCHANGE_TEXT_TYPE, body: iconv.encode(lines.join('\n'), 'win1251') };
}

export const success = (...lines: string[]) => textAnswer('success', ...lines);
export const progress = (message: string) => textAnswer('progress', message);
/** `failure` and the reason on the next line: 1C shows the reason in its exchange log. */
export const failure = (reason: string) => textAnswer('failure', reason);
