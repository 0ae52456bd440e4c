import {
  ZProductSearchQuerySchema,
  ZProductSearchResultSchema,
  ZSuggestionSchema,
  ZSuggestionsQuerySchema,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchProducts, suggestProducts } from './products.service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product/search',
    {
      config: { public: true },
      schema: {
        tags: ['products'],
        summary: 'Product search: OPTION 0 by article, 2 by name words or free text, 9 by id; 404 when nothing is found',
        querystring: ZProductSearchQuerySchema,
        response: { 200: okEnvelope(ZProductSearchResultSchema) },
      },
    },
    async (request) => ({ error: null, response: await searchProducts(app.db, request.user, request.query) }),
  );

  app.get(
    '/product/suggestions',
    {
      config: { public: true },
      schema: {
        tags: ['products'],
        summary: 'Article suggestions for the search widget (at least 2 characters), ranked, at most 10',
        querystring: ZSuggestionsQuerySchema,
        response: { 200: okEnvelope(z.array(ZSuggestionSchema)) },
      },
    },
    async (request) => ({ error: null, response: await suggestProducts(app.db, request.query.QUERY) }),
  );
};
