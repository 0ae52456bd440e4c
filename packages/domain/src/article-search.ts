/**
 * Product search input rules (spec §5 "Product search input"): which search option an input uses, the hyphen of
 * ЛЛЛЦЦЦЛ codes, and the normal forms of articles and names that the database indexes.
 */

/** Search options of spec §9: 0 by article, 2 by name words or free text, 9 by product id. */
export const SEARCH_OPTION = { ARTICLE: 0, NAME: 2, ID: 9 } as const;
export type SearchOption = (typeof SEARCH_OPTION)[keyof typeof SEARCH_OPTION];
export const SEARCH_OPTIONS: readonly SearchOption[] = [SEARCH_OPTION.ARTICLE, SEARCH_OPTION.NAME, SEARCH_OPTION.ID];

/** Suggestions are asked for only from this many typed characters (spec §5, §9). */
export const SUGGESTION_MIN_LENGTH = 2;
/** Quiet time before suggestions are asked for (spec §9). */
export const SUGGESTION_DEBOUNCE_MS = 500;
/** The longest search input the server accepts. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Name words shorter than this have no trigram of their own: they narrow results but cannot find them. */
export const NAME_WORD_MIN_LENGTH = 3;

/** Matched against an article key (upper case, nothing between letters and digits). */
const CODE_WITH_LETTER = /^([А-ЯЁ]{3}\d{3})([А-ЯЁ])$/;
const CODE_START = /^[А-ЯЁ]{3}\d{3}/;

export interface SearchRequest {
  query: string;
  option: SearchOption;
}

/**
 * The option and query an input is searched with. An input whose article form (articleKey: spaces, hyphens, Latin
 * look-alikes and case forgiven) starts with three letters and three digits is an article: «КСТ105А», «кст 105 а»,
 * «KCT105A» → {«КСТ105-А», 0} (the hyphen of a ЛЛЛЦЦЦЛ code); «КСТ105», «кст1052» → {«КСТ105», 0}. Anything else →
 * option 2, the input with surrounding and repeated spaces dropped.
 */
export function searchRequestFor(input: string): SearchRequest {
  const text = input.trim().replace(/\s+/g, ' ');
  const key = articleKey(text);
  const code = CODE_WITH_LETTER.exec(key);
  if (code) return { query: `${code[1]!}-${code[2]!}`, option: SEARCH_OPTION.ARTICLE };
  if (CODE_START.test(key)) return { query: key, option: SEARCH_OPTION.ARTICLE };
  return { query: text, option: SEARCH_OPTION.NAME };
}

/** True when the input reads as an article (three Cyrillic letters and three digits at the start of its article form). */
export function looksLikeArticle(input: string): boolean {
  return searchRequestFor(input).option === SEARCH_OPTION.ARTICLE;
}

/**
 * Latin capitals that look like Cyrillic ones. Articles are Cyrillic; dealers copy them from e-mails and spreadsheets
 * where «К», «С», «Т», «А» … were typed on a Latin keyboard, and the eye cannot tell them apart.
 */
const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  A: 'А', B: 'В', C: 'С', E: 'Е', H: 'Н', K: 'К', M: 'М', O: 'О', P: 'Р', T: 'Т', X: 'Х', Y: 'У',
};
const LATIN_LOOKALIKE = /[ABCEHKMOPTXY]/g;

/**
 * The form articles are matched in — the one rule of suggestions, search (Enter), quick order and the stored
 * article_key: upper case, without spaces, hyphens, dots or slashes, Latin look-alike letters read as the Cyrillic
 * ones («кст 105-а» and «KCT105A» → «КСТ105А»).
 */
export function articleKey(article: string): string {
  return article
    .toUpperCase()
    .replace(/[\s\-./]+/g, '')
    .replace(LATIN_LOOKALIKE, (letter) => LATIN_LOOKALIKES[letter]!);
}

const QUOTES = /["'«»„“”‘’`]/g;

/** The form names are matched in: lower case, ё as е, quotes dropped, spaces collapsed. Keep in step with the SQL of the seed. */
export function nameKey(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е').replace(QUOTES, '').replace(/\s+/g, ' ').trim();
}

/** The words of a search query in name form, each once, in the order typed. */
export function nameWords(query: string): string[] {
  const words = nameKey(query).split(' ').filter(Boolean);
  return [...new Set(words)];
}
