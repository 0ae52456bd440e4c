import {
  ZProductPricesQuerySchema,
  ZProductPricesSchema,
  ZProductSearchQuerySchema,
  ZProductSearchResultSchema,
  ZSuggestionSchema,
  ZSuggestionsQuerySchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NameSearchCache } from './name-search-cache';
import { currentUser } from '../../lib/current-user';
import { companyProductPrices, searchProducts, suggestProducts, type NameSearchResults } from './products.service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const nameResults: NameSearchResults = new NameSearchCache(app.config.SEARCH_CACHE_SECONDS);

  app.get(
    '/product/search',
    {
      config: { public: true },
      schema: {
        tags: ['products'],
        summary: 'Product search: OPTION 0 by article, 2 by name words or free text, 9 by id; 404 when nothing is found',
        querystring: ZProductSearchQuerySchema,
        // 401, 403 and 404 also for prices asked of a company (PARTNER) or a price type (PRICEUID) without a session, not the user's, unknown.
        response: { 200: okEnvelope(ZProductSearchResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
      // The answer is built from the contract's types; re-validating it on this hot path would cost more than the search.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ({ error: null, response: await searchProducts(app.db, request.user, request.query, nameResults, app.catalogIndex) }),
  );

  app.get(
    '/product/prices',
    {
      schema: {
        tags: ['products'],
        summary: "A company's prices of catalogue products (its contracts' price types), for the catalogue's cards",
        querystring: ZProductPricesQuerySchema,
        response: { 200: okEnvelope(ZProductPricesSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ error: null, response: await companyProductPrices(app.db, currentUser(request), request.query) }),
  );

  app.get(
    '/product/suggestions',
    {
      config: { public: true },
      schema: {
        tags: ['products'],
        summary: 'Article suggestions for the search widget (at least 2 characters), ranked, at most 10',
        querystring: ZSuggestionsQuerySchema,
        response: { 200: okEnvelope(z.array(ZSuggestionSchema)), ...errorResponses(400) },
      },
    },
    async (request) => ({ error: null, response: await suggestProducts(app.db, request.query.QUERY, app.catalogIndex) }),
  );
};
