/**
 * The orders side of the exchange (`type=sale`: query, success, file, import). Until it is connected, 1C is told so
 * in its exchange log; the catalogue side works without it.
 */
import type { FastifyInstance } from 'fastify';
import { failure, type ExchangeAnswer } from '../answer';

export type { ExchangeAnswer } from '../answer';

export interface SaleStepInput {
  mode: 'query' | 'success' | 'file' | 'import';
  filename?: string;
  body?: Buffer;
  uploadDir: string;
}

export async function saleStep(_app: FastifyInstance, _input: SaleStepInput): Promise<ExchangeAnswer> {
  return failure('Обмен заказами ещё не подключён');
}
