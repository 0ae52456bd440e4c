/** Turns every failure into the error envelope; 5xx answers never carry internals (those go to the log). */
import { ERROR_CODES, type ErrorCode } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DiskFaultError, databaseDiskFault } from './disk-faults';
import { AppError } from './errors';

const statusToCode: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

const where: Record<string, string> = { body: 'в теле запроса', querystring: 'в параметрах запроса', params: 'в адресе', headers: 'в заголовках' };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fault = error instanceof DiskFaultError ? error : diskFaultOf(error);
    if (fault) {
      request.server.diskFaults.noted(fault.fault);
      request.log.error({ err: error, disk: fault.fault }, 'the disk refused a write: nothing saved');
      return reply.status(fault.status).send({ error: { code: fault.code, message: fault.message }, response: null });
    }
    if (error instanceof AppError) {
      if (error.details !== undefined) request.log.warn({ code: error.code, details: error.details }, error.message);
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...error.answer }, response: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = where[error.validationContext ?? ''] ?? '';
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `«${field}»: ${issue.message}` : (issue.message ?? '');
      });
      return reply.status(400).send({
        error: { code: 'VALIDATION', message: `Ошибка ${context}: ${problems.join('; ')}`.replace('Ошибка : ', 'Ошибка: ') },
        response: null,
      });
    }
    const dataError = databaseDataError(error);
    if (dataError) {
      request.log.warn({ err: error }, 'the database refused a value');
      return reply.status(400).send({ error: { code: 'VALIDATION', message: dataError }, response: null });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = statusToCode[status] ?? 'BAD_REQUEST';
      const message = code === 'PAYLOAD_TOO_LARGE' || code === 'TOO_MANY_REQUESTS' || code === 'UNSUPPORTED_MEDIA_TYPE'
        ? ERROR_CODES[code].message
        : (russianFastifyMessage(error) ?? ERROR_CODES[code].message);
      return reply.status(status).send({ error: { code, message }, response: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message }, response: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `Адрес ${request.method} ${request.url.split('?')[0]} не найден.` },
      response: null,
    });
  });
}

/** A database error caused by the disk, as the refusal the file storage gives for the same disk. */
function diskFaultOf(error: unknown): DiskFaultError | undefined {
  const fault = databaseDiskFault(error);
  return fault && new DiskFaultError(fault, undefined);
}

/**
 * PostgreSQL's data exceptions (class 22: a number out of a column's range, text it cannot store) mean a value the
 * validation let through: the client's input, not a fault of the server. Answered as 400 without the database's words.
 */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22003': 'Число вне допустимого диапазона: проверьте количества и суммы в запросе.',
  '22001': 'Текст длиннее, чем допускает поле: сократите его.',
};

function databaseDataError(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
      return DATA_EXCEPTIONS[code] ?? 'Значение в запросе имеет неверный формат: проверьте введённые данные.';
    }
  }
  return undefined;
}

/** The router's own refusals (an address that is not valid percent-encoded UTF-8), in the envelope and in Russian. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  return reply.status(400).send({
    error: {
      code: 'BAD_REQUEST',
      message: badUrl
        ? 'Адрес запроса содержит неверно закодированные символы: проверьте его.'
        : 'Заголовки запроса не подходят ни к одному варианту этого адреса.',
    },
    response: null,
  });
}

function russianFastifyMessage(error: FastifyError): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Неподдерживаемый формат тела запроса: отправьте JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Тело запроса пустое: отправьте JSON.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Тело запроса не является корректным JSON.';
    default:
      return error instanceof SyntaxError ? 'Тело запроса не является корректным JSON.' : undefined;
  }
}
