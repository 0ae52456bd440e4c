/**
 * The `import` steps of the catalogue exchange: 1C calls `mode=import&filename=…` and waits for the answer, calling
 * again while it is `progress`. The first call starts the package's import in the background of this process; each
 * call waits for it at most EXCHANGE_STEP_SECONDS and answers `progress` (with how far it got) while it runs, then
 * `success` or `failure` with the reason once it is done. The import stages the file and applies it in one transaction
 * (catalog-import.ts): a process that stops mid-way has changed nothing of the catalogue, and 1C's next call simply
 * starts the package again.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { DiskFaultError } from '../../lib/disk-faults';
import { failure, progress, success, type ExchangeAnswer } from './answer';
import { importCatalogPackage, newCounts, type PackageCounts } from './catalog-import';
import * as repo from './exchange-1c.repository';
import { ExchangeRefusal, unpackZips, uploadedFilePath } from './upload-folder';
import { stat } from 'node:fs/promises';

interface Job {
  counts: PackageCounts;
  done: Promise<ExchangeAnswer>;
  answer?: ExchangeAnswer;
}

export class CatalogImports {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly folder: string,
  ) {}

  /** A new exchange: answers of the previous one are forgotten (its imports, if any still run, finish on their own). */
  reset(): void {
    this.jobs.clear();
  }

  async step(fileName: string | undefined, budgetMs: number): Promise<ExchangeAnswer> {
    if (!fileName) return failure('Не указан файл: передайте filename=<имя файла> в запросе mode=import.');
    let job = this.jobs.get(fileName);
    if (!job) {
      job = this.start(fileName);
      this.jobs.set(fileName, job);
    }
    if (!job.answer && budgetMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([job.done, new Promise((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
      clearTimeout(timer);
    }
    if (!job.answer) {
      const { processed, applying } = job.counts;
      return progress(applying ? `Файл ${fileName}: прочитано элементов — ${processed}, изменения применяются к каталогу.` : `Файл ${fileName}: обработано элементов — ${processed}.`);
    }
    this.jobs.delete(fileName);
    return job.answer;
  }

  private start(fileName: string): Job {
    const counts = newCounts();
    const job: Job = { counts, done: Promise.resolve(success()) };
    job.done = this.run(fileName, counts).then((answer) => (job.answer = answer));
    return job;
  }

  private async run(fileName: string, counts: PackageCounts): Promise<ExchangeAnswer> {
    const startedAt = new Date();
    const started = performance.now();
    const { config } = this.app;
    let answer: ExchangeAnswer;
    let failureReason: string | null = null;
    try {
      await unpackZips(this.folder, config.EXCHANGE_UNZIPPED_LIMIT_MB * 2 ** 20);
      const exists = await stat(uploadedFilePath(this.folder, fileName)).then((s) => s.isFile()).catch(() => false);
      if (!exists) throw new ExchangeRefusal(`Файл ${fileName} не получен: сначала передайте его запросом mode=file (или в zip-архиве).`);
      await importCatalogPackage(this.app, this.folder, fileName, {
        dealerPrice: config.EXCHANGE_DEALER_PRICE,
        listPrice: config.EXCHANGE_LIST_PRICE,
        warehouses: config.EXCHANGE_WAREHOUSES,
        organisation: config.EXCHANGE_ORGANISATION,
      }, counts);
      answer = success(`Файл ${fileName}: создано ${counts.created}, изменено ${counts.changed}, без изменений ${counts.unchanged}, отклонено ${counts.refused}.`);
    } catch (error) {
      failureReason =
        error instanceof ExchangeRefusal || error instanceof DiskFaultError
          ? error.message
          : 'Внутренняя ошибка портала при загрузке пакета: ничего не изменено, повторите обмен позже или обратитесь к администратору портала.';
      if (!(error instanceof ExchangeRefusal)) this.app.log.error({ err: error, file: fileName }, '1C exchange: the package failed');
      answer = failure(`Файл ${fileName} не загружен: ${failureReason}`);
    }
    const seconds = (performance.now() - started) / 1000;
    this.app.metrics?.exchangePackage('catalog', failureReason === null ? 'success' : 'failure', seconds);
    if (failureReason === null) {
      if (counts.touchedProducts) this.app.catalogIndex.noteWrite('products');
      else if (counts.touchedPrices) this.app.catalogIndex.noteWrite('prices');
      if (counts.touchedStock) this.app.catalogIndex.noteWrite('stock');
    }
    await repo
      .insertLogEntry(this.app.db, {
        exchangeType: 'catalog',
        fileName,
        packageKind: counts.kind,
        onlyChanges: String(counts.onlyChanges),
        schemaVersion: counts.schemaVersion,
        outcome: failureReason === null ? 'success' : 'failure',
        created: failureReason === null ? counts.created : 0,
        changed: failureReason === null ? counts.changed : 0,
        unchanged: failureReason === null ? counts.unchanged : 0,
        refused: counts.refused,
        refusals: counts.refusals,
        failure: failureReason,
        startedAt,
      })
      .catch((error: unknown) => this.app.log.error({ err: error }, '1C exchange: the log entry was not written'));
    return answer;
  }
}
