/**
 * Article-suggestion filtering (spec §5): case-insensitive, quotes and repeated spaces ignored; the query matches the
 * article or the name, and only if nothing matches that way, every word of the query must appear in the name.
 * Matches are ranked (article start, article, name start, name, words) and limited.
 */
import { articleKey, nameKey, nameWords } from './article-search';

export interface SuggestionCandidate {
  ARTICLE: string;
  NAME: string;
}

export const SUGGESTION_LIMIT = 10;

/** How well a candidate matches, lower is better; null when it does not match in the first (whole query) pass. */
function wholeQueryRank(candidate: SuggestionCandidate, query: string): number | null {
  const key = articleKey(query);
  const article = articleKey(candidate.ARTICLE);
  const name = nameKey(candidate.NAME);
  const text = nameKey(query);
  if (key && article.startsWith(key)) return article === key ? 0 : 1;
  if (key && article.includes(key)) return 2;
  if (text && name.startsWith(text)) return 3;
  if (text && name.includes(text)) return 4;
  return null;
}

/** Every word of the query appears in the name, in any order. */
export function nameHasAllWords(name: string, query: string): boolean {
  const words = nameWords(query);
  if (words.length === 0) return false;
  const key = nameKey(name);
  return words.every((word) => key.includes(word));
}

export function filterSuggestions<T extends SuggestionCandidate>(candidates: readonly T[], query: string, limit = SUGGESTION_LIMIT): T[] {
  if (nameKey(query) === '') return [];
  const ranked = candidates
    .map((candidate, index) => ({ candidate, index, rank: wholeQueryRank(candidate, query) }))
    .filter((entry): entry is { candidate: T; index: number; rank: number } => entry.rank !== null);
  const matches =
    ranked.length > 0
      ? ranked
      : candidates
          .map((candidate, index) => ({ candidate, index, rank: 5 }))
          .filter((entry) => nameHasAllWords(entry.candidate.NAME, query));
  return matches
    .sort((a, b) => a.rank - b.rank || a.candidate.ARTICLE.length - b.candidate.ARTICLE.length || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}
