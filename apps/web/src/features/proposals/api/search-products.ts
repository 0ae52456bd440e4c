/**
 * The wizard's product search (spec §7): what is typed, read as an article or as name words, with the executor's price
 * type (PRICEUID) so the prices are the dealer's own; and one product by id. Both are the one query of
 * GET /api/product/search (shared/api/search-product.ts).
 */
import { SEARCH_OPTION, searchRequestFor, SUGGESTION_MIN_LENGTH } from '@portal/domain';
import { searchProduct, useProductSearch as useSearch } from '../../../shared/api/search-product';

/** The list of matches (FOUND) and the best match for what is typed, from 2 characters; the last answer stays while typing. */
export const useProductSearch = (text: string, priceUid: string | undefined) =>
  useSearch(text.trim().length >= SUGGESTION_MIN_LENGTH ? { ...searchRequestFor(text), priceUid } : null, { keepPrevious: true });

/** One product with its offers today, by its UID (option 9 takes a UID too); null when it is no longer sold. */
export const getProductByUid = (uid: string, priceUid: string | undefined) => searchProduct({ query: uid, option: SEARCH_OPTION.ID, priceUid });

/** One product with its offers, by id (option 9). */
export const useProductById = (id: number | null, priceUid: string | undefined) =>
  useSearch(id !== null ? { query: String(id), option: SEARCH_OPTION.ID, priceUid } : null);
