/**
 * The address 1C's standard «обмен с сайтом» calls (EXCHANGE_PATH, /api/1c/exchange by default; outside the /api
 * modules' prefix so any address can be configured): `?type=catalog|sale&mode=…`, GET for the steps and POST for the
 * files. Off (not registered: 404) until EXCHANGE_LOGIN and EXCHANGE_PASSWORD are set. Every answer is the protocol's
 * plain text (answer.ts); the steps are described in docs/decisions.md («1C exchange: the protocol»).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { wrongKeyThrottle } from '../../lib/failure-throttle';
import { failure, success, textAnswer, type ExchangeAnswer } from './answer';
import { CatalogImports } from './catalog-imports';
import { EXCHANGE_COOKIE, basicAuthMatches, newSessionCookie, sessionCookieValid } from './exchange-auth';
import { saleStep } from './sale';
import { ExchangeRefusal, UploadFolders, appendChunk, uploadedFilePath } from './upload-folder';

const SALE_MODES = ['query', 'success', 'file', 'import'] as const;

export async function exchange1cRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (!config.EXCHANGE_LOGIN || !config.EXCHANGE_PASSWORD) return;
  const fileLimit = config.EXCHANGE_FILE_LIMIT_MB * 2 ** 20;
  const folders = new UploadFolders(config.DATA_DIR);
  app.addHook('onClose', async () => folders.close());
  const catalog = new CatalogImports(app, folders.folder('catalog'));
  const throttle = wrongKeyThrottle();

  // 1C posts files as raw bytes, whatever Content-Type it names: nothing is parsed, the handler streams the body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const send = (reply: FastifyReply, answer: ExchangeAnswer, status = 200) =>
    reply.status(status).header('content-type', answer.contentType).header('cache-control', 'no-store').send(answer.body);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, string | undefined>;
    const type = query.type?.toLowerCase();
    const mode = query.mode?.toLowerCase();
    if (throttle.isBlocked(request.ip)) {
      reply.header('connection', 'close');
      return send(reply, failure('Слишком много попыток обмена с неверным паролем с этого адреса: подождите 15 минут и проверьте логин и пароль в настройках обмена 1С.'), 429);
    }
    if (!basicAuthMatches(config, request.headers.authorization) && !sessionCookieValid(config, request.headers.cookie)) {
      if (request.headers.authorization) throttle.fail(request.ip);
      reply.header('connection', 'close').header('www-authenticate', 'Basic realm="1C exchange", charset="UTF-8"');
      return send(reply, failure('Неверный логин или пароль обмена: укажите в настройках обмена 1С логин и пароль из EXCHANGE_LOGIN и EXCHANGE_PASSWORD портала.'), 401);
    }
    try {
      return send(reply, await step(request, type, mode, query.filename));
    } catch (error) {
      if (error instanceof ExchangeRefusal) return send(reply, failure(error.message));
      request.log.error({ err: error, type, mode }, '1C exchange: the step failed');
      return send(reply, failure('Внутренняя ошибка портала: шаг обмена не выполнен, повторите обмен позже или обратитесь к администратору портала.'));
    }
  };

  async function step(request: FastifyRequest, type: string | undefined, mode: string | undefined, filename: string | undefined): Promise<ExchangeAnswer> {
    if (type !== 'catalog' && type !== 'sale') {
      return failure(`Неизвестный тип обмена type=${type ?? '(не указан)'}: портал принимает type=catalog (каталог) и type=sale (заказы).`);
    }
    if (mode === 'checkauth') {
      // Lines 4 and 5 (the session key and the server's time) are what newer 1C modules expect after the cookie;
      // older ones read the first three. 1C appends the 4th line to its next requests: nothing else reads it.
      const cookie = newSessionCookie(config);
      return success(EXCHANGE_COOKIE, cookie, `sessid=${cookie}`, `timestamp=${Math.floor(Date.now() / 1000)}`);
    }
    if (mode === 'init') {
      await folders.reset(type);
      if (type === 'catalog') catalog.reset();
      return textAnswer('zip=yes', `file_limit=${fileLimit}`);
    }
    if (type === 'sale') {
      const saleMode = SALE_MODES.find((known) => known === mode);
      if (!saleMode) return unknownMode(type, mode);
      const body = saleMode === 'file' ? await readBody(request.raw, fileLimit) : undefined;
      return saleStep(app, { mode: saleMode, filename, body, uploadDir: folders.folder('sale') });
    }
    switch (mode) {
      case 'file':
        await appendChunk(uploadedFilePath(folders.folder('catalog'), filename), request.raw, fileLimit);
        return success();
      case 'import':
        return catalog.step(filename, config.EXCHANGE_STEP_SECONDS * 1000);
      // The newer protocol's last steps. The portal never deletes goods (orders refer to them): what 1C stopped
      // sending keeps its data, and stock sent as zero takes it off sale.
      case 'deactivate':
      case 'complete':
        request.log.info({ mode }, '1C exchange: catalogue exchange finished');
        return success();
      default:
        return unknownMode(type, mode);
    }
  }

  app.route({ method: ['GET', 'POST'], url: config.EXCHANGE_PATH, config: { public: true }, schema: { hide: true }, handler });
}

const unknownMode = (type: string, mode: string | undefined) =>
  failure(`Неизвестный шаг обмена mode=${mode ?? '(не указан)'} для type=${type}: проверьте версию протокола обмена в настройках 1С.`);

async function readBody(body: Readable, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new ExchangeRefusal(`Файл больше ${Math.round(limitBytes / 2 ** 20)} МБ (file_limit из ответа init): разбейте его на части.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
