/**
 * The orders side of 1C's «обмен с сайтом» (type=sale), after the route has authenticated 1C and answered checkauth
 * and init: `query`, `success`, `file` and `import`. Answers are what 1C reads: the orders document in windows-1251,
 * or «success» / «failure» on the first line with a Russian reason after it, as text in windows-1251 like every other
 * answer of the exchange (answer.ts).
 */
import { DiskFaultError, databaseDiskFault } from '../../../lib/disk-faults';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import type { DbOrTx } from '../../../db/client';
import { failure, success, type ExchangeAnswer } from '../answer';
import { COMMERCEML_ENCODING } from './commerceml-text';
import { ExchangeFileCutOff, readOrderDocuments } from './order-documents-reader';
import { forget, isZip, receivePart, unfinishedUploads, uploadName, zipComplete, type OrderUpload } from './order-uploads';
import { insertLogEntry } from '../exchange-1c.repository';
import { markTakenAsTheyAre } from './sale.repository';
import { ExchangeFileRefused, applyOrderDocuments, confirmOrdersTaken, ordersForOneC, type OrderDocumentsReport } from './sale.service';

export interface SaleStepInput {
  mode: 'query' | 'success' | 'file' | 'import';
  filename?: string;
  body?: Buffer;
  uploadDir: string;
}


/** Refused documents the exchange log keeps per file (the answer to 1C names them all). */
const LOGGED_REFUSALS = 200;

/** An unpacked orders archive may hold at most this much XML: more is a zip bomb, not a day's orders. */
const UNPACKED_LIMIT = 64 * 1024 * 1024;

export async function saleStep(app: FastifyInstance, input: SaleStepInput): Promise<ExchangeAnswer> {
  try {
    switch (input.mode) {
      case 'query': {
        const { xml } = await ordersForOneC(app);
        return { contentType: `application/xml; charset=${COMMERCEML_ENCODING}`, body: xml };
      }
      case 'success':
        await confirmOrdersTaken(app);
        return success();
      case 'file': {
        if (!input.body || input.body.length === 0) return failure('Файл пуст: 1С не передала документы заказов.');
        return await receiveOrderFile(app, input.uploadDir, uploadName(input.filename), input.body);
      }
      case 'import':
        return await finishUploads(app, input.uploadDir);
    }
  } catch (error) {
    const reason = failureReason(error);
    if (!(error instanceof ExchangeFileRefused) && !databaseDiskFault(error)) {
      app.log.error({ err: error, exchange: '1c', type: 'sale', mode: input.mode }, 'the 1C order exchange failed');
    }
    return failure(reason);
  }
}

/** What 1C is told (and the exchange log keeps) when a step fails. */
function failureReason(error: unknown): string {
  if (error instanceof ExchangeFileRefused) return error.message;
  const disk = databaseDiskFault(error);
  if (disk) return new DiskFaultError(disk, undefined).message;
  return 'Внутренняя ошибка портала при обмене заказами: ничего не изменено, повторите обмен позже или обратитесь к администратору портала.';
}

/**
 * Each order file 1C sent, applied or refused, goes to the exchange log (`npm run portal -- exchange:log`) with its
 * counts and every refused document with why, and to `/metrics`. A log that cannot be written does not undo the file.
 */
async function logOrderFile(app: FastifyInstance, fileName: string, startedAt: Date, outcome: { report: OrderDocumentsReport } | { failure: string }) {
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const report = 'report' in outcome ? outcome.report : undefined;
  app.metrics?.exchangePackage('sale', report ? 'success' : 'failure', seconds);
  await insertLogEntry(app.db, {
    exchangeType: 'sale',
    fileName,
    packageKind: 'orders',
    outcome: report ? 'success' : 'failure',
    changed: report?.applied ?? 0,
    unchanged: report?.unchanged ?? 0,
    refused: report?.refused.length ?? 0,
    refusals: (report?.refused ?? []).slice(0, LOGGED_REFUSALS).map(({ key, reason }) => ({ key, reason })),
    failure: 'failure' in outcome ? outcome.failure : null,
    startedAt,
  }).catch((error: unknown) => app.log.error({ err: error, exchange: '1c', type: 'sale' }, 'the 1C exchange log entry was not written'));
}

/**
 * Marks orders as already taken by 1C, as they stand: orders that reached the back office another way (the demo's
 * history, seeded with its statuses and documents) and are not to go out in 1C's first query. An edit later sends
 * such an order to 1C like any other.
 */
export function markOrdersTakenByOneC(db: DbOrTx, orderIds: readonly number[]): Promise<void> {
  return markTakenAsTheyAre(db, orderIds);
}

/**
 * A part of an order file: appended to the parts before it; once the file is whole it is applied and removed. A file
 * 1C sends in one call is whole at once (1C's older exchange applies it there, answering `file` with the counts).
 */
async function receiveOrderFile(app: FastifyInstance, uploadDir: string, filename: string, part: Buffer): Promise<ExchangeAnswer> {
  const upload = await receivePart(uploadDir, filename, part);
  const zipped = isZip(upload.body);
  if (zipped && !zipComplete(upload.body)) return awaitingRest(upload);
  if (upload.body.toString('latin1').trim() === '') {
    await forget(uploadDir, filename);
    return success();
  }
  const startedAt = new Date();
  try {
    const report = await applyOrderDocuments(app, orderFiles(upload.body, filename));
    await forget(uploadDir, filename);
    await logOrderFile(app, filename, startedAt, { report });
    return success(...reportLines(report));
  } catch (error) {
    // An XML file that ends before its root closes waits for its next part; anything else is refused and forgotten.
    if (error instanceof ExchangeFileCutOff && !zipped) return awaitingRest(upload);
    await forget(uploadDir, filename);
    await logOrderFile(app, filename, startedAt, { failure: failureReason(error) });
    throw error;
  }
}

const awaitingRest = (upload: OrderUpload) =>
  success(`Принята часть файла ${upload.filename}: ${upload.body.length} байт; файл ещё не целиком — жду следующую часть.`);

/**
 * `import` (1C's newer exchange calls it after the last part): every whole file is already applied, so what is left
 * is a file whose end never came — refused with its reason and removed, so nothing of it is applied later.
 */
async function finishUploads(app: FastifyInstance, uploadDir: string): Promise<ExchangeAnswer> {
  const startedAt = new Date();
  const unfinished = await unfinishedUploads(uploadDir);
  const reasons: string[] = [];
  for (const upload of unfinished) {
    await forget(uploadDir, upload.filename);
    if (upload.body.toString('latin1').trim() === '') continue;
    const reason = `Файл ${upload.filename} пришёл не целиком (${upload.body.length} байт): ${unfinishedReason(upload)} Документы из него не применены — повторите обмен.`;
    reasons.push(reason);
    await logOrderFile(app, upload.filename, startedAt, { failure: reason });
  }
  return reasons.length === 0 ? success() : failure(reasons.join('\n'));
}

function unfinishedReason(upload: OrderUpload): string {
  if (isZip(upload.body)) return 'у архива нет окончания (оглавления).';
  try {
    readOrderDocuments(upload.body);
    return 'файл не дописан.';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The XML files 1C sent: the body itself, or the XML files of a zip archive (when init answered zip=yes). */
function orderFiles(body: Buffer, filename: string): Buffer[] {
  if (!isZip(body)) return [body];
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(body, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > UNPACKED_LIMIT) throw new ExchangeFileRefused(`Архив ${filename} распаковывается больше чем в ${UNPACKED_LIMIT / 1024 / 1024} МБ — не принят.`);
        return file.name.toLowerCase().endsWith('.xml');
      },
    });
  } catch (error) {
    if (error instanceof ExchangeFileRefused) throw error;
    throw new ExchangeFileRefused(`Архив ${filename} повреждён и не распаковывается — ничего не изменено.`);
  }
  const files = Object.values(entries).map((data) => Buffer.from(data));
  if (files.length === 0) throw new ExchangeFileRefused(`В архиве ${filename} нет XML-файлов с документами заказов.`);
  return files;
}

function reportLines(report: OrderDocumentsReport): string[] {
  const refused = report.refused.map((item) => `${item.key}: ${item.reason}`);
  return [`Документов применено: ${report.applied}, без изменений: ${report.unchanged}, отклонено: ${refused.length}.`, ...refused, ...report.notes];
}
