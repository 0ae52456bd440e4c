/**
 * The wizard's product search (spec §7): what is typed, read as an article or as name words, in the executor company's
 * prices (PARTNER: each size by its own contract's price type, as the proposal document prices it); and one product by id. Both are the one query of
 * GET /api/product/search (shared/api/search-product.ts).
 */
import { SEARCH_OPTION, searchRequestFor, SUGGESTION_MIN_LENGTH } from '@portal/domain';
import { searchProduct, useProductSearch as useSearch } from '../../../shared/api/search-product';

/** The list of matches (FOUND) and the best match for what is typed, from 2 characters; the last answer stays while typing. */
export const useProductSearch = (text: string, partner: string | undefined) =>
  useSearch(text.trim().length >= SUGGESTION_MIN_LENGTH ? { ...searchRequestFor(text), partner } : null, { keepPrevious: true });

/** One product with its offers today, by its UID (option 9 takes a UID too); null when it is no longer sold. */
export const getProductByUid = (uid: string, partner: string | undefined) => searchProduct({ query: uid, option: SEARCH_OPTION.ID, partner });

/** One product with its offers, by id (option 9). */
export const useProductById = (id: number | null, partner: string | undefined) =>
  useSearch(id !== null ? { query: String(id), option: SEARCH_OPTION.ID, partner } : null);
