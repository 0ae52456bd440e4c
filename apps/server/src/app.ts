/** Builds the Fastify instance from a config: used by main.ts and by the tests (through app.inject). */
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { configuredDatabase, openDatabase, type Database } from './db/client';
import { StatisticsKeeper } from './db/statistics';
import { seedIfEmpty } from './seed';
import { frameworkErrors, registerErrorHandler } from './lib/error-handler';
import { DiskFaultLog } from './lib/disk-faults';
import { boundedLogOptions } from './lib/log-redaction';
import { inputGuard } from './lib/input-guard';
import { resolveDotSegments } from './lib/request-path';
import { openApiDocument } from './lib/openapi';
import { securityHeaders } from './lib/security-headers';
import { registerCompression, registerWebApp } from './lib/static-assets';
import { createStorage, type FileStorage } from './lib/storage';
import { authHook } from './modules/auth';
import { CatalogIndex } from './modules/catalog';
import { apiModules } from './modules';
import { exchange1cRoutes } from './modules/exchange-1c';
import { addressSuggestRoutes } from './modules/logistics';
import { mailPlugin, type MailTransport } from './modules/mail';
import { orderDetail } from './modules/orders';
import { operationsPlugin } from './modules/operations';
import { realtimeModule } from './modules/realtime';
import type {} from './lib/fastify';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  storage?: FileStorage;
  /** Seed the demo data when the database is empty (default true). */
  seed?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /**
   * The catalogue index of another app on the same database, answered from by this one too: two servers in one
   * process (the search benchmark's with and without the name cache) need not build a million products' index twice.
   * Its owner starts it; closing either app closes it.
   */
  catalogIndex?: CatalogIndex;
  /** Where mail goes instead of the configured SMTP server or .eml folder. */
  mailTransport?: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never log credentials or tokens: the headers that carry them, and the values of query strings.
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'],
      ...boundedLogOptions,
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.LOG_PRETTY
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
    forceCloseConnections: 'idle',
    // One route for every spelling of its path (percent-encoding is decoded by the router itself), so access is
    // decided on the route that answers, not on how its address was written.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false },
    rewriteUrl: (request) => resolveDotSegments(request.url ?? '/'),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(configuredDatabase(config)));
  if (!options.database) app.addHook('onClose', () => database.close());
  const storage = options.storage ?? createStorage(config.DATA_DIR);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  app.decorate('diskFaults', new DiskFaultLog());
  const catalogIndex =
    options.catalogIndex ??
    new CatalogIndex(database.db, {
      refresh: config.CATALOG_INDEX_REFRESH,
      intervalMs: config.CATALOG_INDEX_REFRESH_SECONDS * 1000,
      log: app.log,
    });
  app.decorate('catalogIndex', catalogIndex);

  if (options.seed !== false) {
    const seeded = await seedIfEmpty({
      db: database.db,
      storage,
      products: config.SEED_PRODUCTS,
      log: (message) => app.log.info(message),
    });
    if (seeded) app.log.info('demo data seeded');
  }

  // Built once the app is ready (after the seed), closed before the database is.
  app.addHook('onReady', async () => catalogIndex.start());
  app.addHook('preClose', async () => {
    await catalogIndex.close();
  });
  // Its first round with the start: a database that grew while nothing analysed it is planned right from then on.
  // Not while a 1C package is applied: pages read the database between the statements of its cards' read.
  const statistics = new StatisticsKeeper(database, app.log, () => catalogIndex.packageUnderWay);
  app.addHook('onReady', async () => statistics.start(config.STATISTICS_CHECK_SECONDS));
  app.addHook('preClose', async () => statistics.close());
  registerErrorHandler(app);

  // While shutting down, answers in flight tell the client to close its keep-alive connection, so the server can
  // finish closing as soon as they are sent instead of waiting for idle connections to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(securityHeaders);
  await app.register(inputGuard);
  await registerCompression(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, fieldSize: 1024 * 1024 },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, openApiDocument(config.LATEST_CLIENT_VERSION));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  // Metrics observe every route (registered before them); the operator socket of the embedded database.
  await app.register(operationsPlugin);
  await app.register(authHook);
  // The hub (app.realtime) before the API modules that raise events; the socket at /ws, outside /api.
  await app.register(realtimeModule);
  // Mail describes an order as its page shows it: the orders module's reading, handed over here so that mail, whose
  // events orders write, imports nothing of orders.
  await app.register(mailPlugin, { readOrder: orderDetail, ...(options.mailTransport ? { transport: options.mailTransport } : {}) });
  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  // The address suggestions keep the public suggestion service's path, outside /api (spec §7).
  await app.register(addressSuggestRoutes);
  // The 1C exchange at its configured address (EXCHANGE_PATH), in a scope of its own: it parses no bodies.
  await app.register(exchange1cRoutes);

  await registerWebApp(app, config.WEB_DIST);
  return app;
}
