import { ZCatalogMenuSchema, ZCatalogPageSchema, ZCatalogProductsQuerySchema, ZSeasonSaleQuerySchema, errorResponses, fileAnswer, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogMenu, catalogProducts, productImage, seasonSale } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/catalog/menu',
    {
      config: { public: true },
      schema: { tags: ['catalog'], summary: 'Catalogue groups with their sub-groups', response: { 200: okEnvelope(ZCatalogMenuSchema), ...errorResponses(400) } },
    },
    async () => ({ error: null, response: await catalogMenu(app.db) }),
  );

  app.get(
    '/content/catalog/products',
    {
      config: { public: true },
      schema: {
        tags: ['catalog'],
        summary:
          'A page of 25 products of a group and its sub-groups (all products without a group), filtered and sorted, with filter counts; PARTNER prices it for the company in use',
        querystring: ZCatalogProductsQuerySchema,
        // 401, 403 and 404: a page priced for a company (PARTNER) without a session, of another dealer, or unknown; 503 while
        // the index is first built.
        response: { 200: okEnvelope(ZCatalogPageSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({ error: null, response: await catalogProducts(app.db, app.catalogIndex, request.user, request.query) }),
  );

  app.get(
    '/content/season-sale',
    {
      config: { public: true },
      schema: {
        tags: ['catalog'],
        summary: 'A page of 25 products of the season sale, filtered and sorted, with filter counts',
        querystring: ZSeasonSaleQuerySchema,
        response: { 200: okEnvelope(ZCatalogPageSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({ error: null, response: await seasonSale(app.db, app.catalogIndex, request.user, request.query) }),
  );

  app.get(
    '/content/images/:id',
    {
      config: { public: true },
      schema: {
        tags: ['catalog'],
        summary: 'A product picture',
        params: z.object({ id: z.coerce.number({ error: 'id картинки — число.' }).int().positive('id картинки — положительное число.') }),
        response: { 200: fileAnswer('The picture', 'image/*'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const image = await productImage(app.db, app.storage, { imageId: request.params.id });
      // Pictures never change under an id: browsers may keep them.
      return reply.header('content-type', image.mime).header('cache-control', 'public, max-age=86400').send(image.bytes);
    },
  );

  app.get(
    '/content/products/:id/image',
    {
      config: { public: true },
      schema: {
        tags: ['catalog'],
        summary: "A product's main picture (404 when it has none)",
        params: z.object({ id: z.coerce.number({ error: 'id товара — число.' }).int().positive('id товара — положительное число.') }),
        response: { 200: fileAnswer('The picture', 'image/*'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const image = await productImage(app.db, app.storage, { productId: request.params.id });
      // The main picture can change (the ERP may replace it): keep it an hour, not a day.
      return reply.header('content-type', image.mime).header('cache-control', 'public, max-age=3600').send(image.bytes);
    },
  );
};
