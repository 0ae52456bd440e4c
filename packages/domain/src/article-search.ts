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

const CODE_WITH_LETTER = /^([А-ЯЁ]{3}\d{3})([А-ЯЁ])$/i;
const CODE_START = /^[А-ЯЁ]{3}\d{3}/i;

export interface SearchRequest {
  query: string;
  option: SearchOption;
}

/**
 * The option and query an input is searched with: «КСТ105А» → {«КСТ105-А», 0}; «КСТ105» or «кст1052» → option 0;
 * anything else → option 2. Surrounding and repeated spaces are dropped.
 */
export function searchRequestFor(input: string): SearchRequest {
  const text = input.trim().replace(/\s+/g, ' ');
  const code = CODE_WITH_LETTER.exec(text);
  if (code) return { query: `${code[1]!.toUpperCase()}-${code[2]!.toUpperCase()}`, option: SEARCH_OPTION.ARTICLE };
  if (CODE_START.test(text)) return { query: text.toUpperCase(), option: SEARCH_OPTION.ARTICLE };
  return { query: text, option: SEARCH_OPTION.NAME };
}

/** True when the input reads as an article (three Cyrillic letters and three digits at the start). */
export function looksLikeArticle(input: string): boolean {
  return searchRequestFor(input).option === SEARCH_OPTION.ARTICLE;
}

/** The form articles are matched in: upper case, without spaces, hyphens, dots or slashes («кст 105-а» → «КСТ105А»). */
export function articleKey(article: string): string {
  return article.toUpperCase().replace(/[\s\-./]+/g, '');
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
