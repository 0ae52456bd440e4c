/**
 * /api/integration/<kind>: the ERP's batches, one route per kind, with the key from INTEGRATION_API_KEY in X-Api-Key
 * (never a dealer's token). With no key configured the whole API is off and every call answers 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ZIntegrationReportSchema, ZIntegrationVatRateSchema, ZIntegrationVatRatesSchema, errorResponses, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { WRONG_KEYS_PER_WINDOW, wrongKeyThrottle } from '../../lib/failure-throttle';
import { listVatRates, setVatRate } from '../vat';
import { INTEGRATION_KINDS, INTEGRATION_KIND_NAMES, MAX_BATCH_ITEMS, importBatch } from './integration.service';

/** Catalogue loads are large: up to MAX_BATCH_ITEMS items with their offers. */
const BATCH_BODY_LIMIT = 32 * 1024 * 1024;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Wrong keys allowed from one address per window before it is refused for the rest of the window. */
export const INTEGRATION_KEY_FAILURES = WRONG_KEYS_PER_WINDOW;

export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = wrongKeyThrottle();
  app.addHook('onRequest', async (request) => {
    const configured = app.config.INTEGRATION_API_KEY;
    if (!configured) throw new AppError('NOT_FOUND', `Адрес ${request.method} ${request.url.split('?')[0]} не найден.`);
    if (throttle.isBlocked(request.ip)) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Слишком много запросов с неверным ключом интеграции с этого адреса. Подождите 15 минут и проверьте ключ в X-Api-Key.',
      );
    }
    const sent = request.headers['x-api-key'];
    // Compared as digests: equal length, constant time.
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), digest(configured))) {
      throttle.fail(request.ip);
      throw new AppError('UNAUTHORIZED', 'Неверный ключ интеграции: передайте ключ из INTEGRATION_API_KEY в заголовке X-Api-Key.');
    }
  });

  for (const name of INTEGRATION_KIND_NAMES) {
    const definition = INTEGRATION_KINDS[name];
    app.post(
      `/integration/${name}`,
      {
        config: { public: true, itemsCheckedOneByOne: true },
        bodyLimit: BATCH_BODY_LIMIT,
        schema: {
          tags: ['integration'],
          summary: definition.summary,
          description:
            `A batch of up to ${MAX_BATCH_ITEMS} items. Each item is checked and applied on its own; the answer reports ` +
            'each one (applied, or refused with the reason). Items are identified by the ERP ids, so a batch sent again ' +
            'changes nothing.',
          security: [{ apiKey: [] }],
          body: z.array(definition.schema as z.ZodType),
          // 401 a wrong key, 404 the API is off (no key configured), 429 an address that sent too many wrong keys.
          response: { 200: okEnvelope(ZIntegrationReportSchema), ...errorResponses(400, 401, 404, 413, 415, 429, 503, 507) },
        },
        // Items are validated one by one in the service (a bad one must not refuse the batch): here only the array.
        validatorCompiler: () => (data: unknown) =>
          Array.isArray(data)
            ? { value: data }
            : { error: new AppError('VALIDATION', 'Тело запроса должно быть JSON-массивом элементов.') },
      },
      async (request) => ({ error: null, response: await importBatch(app, name, request.body as unknown[]) }),
    );
  }

  // The VAT table is not a batch of the ERP's records but a small setting: one rate at a time, refused whole (400).
  app.get(
    '/integration/vat-rates',
    {
      config: { public: true },
      schema: {
        tags: ['integration'],
        summary: 'The VAT table: each seller\'s rates by the day they take effect',
        security: [{ apiKey: [] }],
        response: { 200: okEnvelope(ZIntegrationVatRatesSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async () => ({ error: null, response: await listVatRates(app.db) }),
  );
  app.put(
    '/integration/vat-rates',
    {
      config: { public: true },
      schema: {
        tags: ['integration'],
        summary: 'Sets a seller\'s VAT rate from a day (replaces the rate of that seller and day)',
        description:
          'Documents dated from `from` on take this rate until the seller\'s next one. `percent` null: the seller charges ' +
          'no VAT («Без НДС»). A bad day, rate or unknown seller answers 400 saying what to fix.',
        security: [{ apiKey: [] }],
        body: ZIntegrationVatRateSchema,
        response: { 200: okEnvelope(ZIntegrationVatRateSchema), ...errorResponses(400, 401, 404, 413, 415, 429, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await setVatRate(app.db, request.body) }),
  );
};
