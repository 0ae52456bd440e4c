/**
 * The OpenAPI document at /api/docs/json: a standard linter (Redocly CLI, recommended rules) finds no error in it,
 * every operation has an operationId and its error answers, and a typed client generated from it (openapi-typescript)
 * compiles.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../support/helper';

interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
}
interface Document {
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const require = createRequire(import.meta.url);
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-openapi-'));
const documentFile = path.join(scratch, 'openapi.json');
let t: TestApp;
let document: Document;
/** The ERP's key the integration API is configured with here, so that probes reach past "the API is off". */
const INTEGRATION_KEY = 'openapi-probe-key';

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: INTEGRATION_KEY });
  const response = await t.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  writeFileSync(documentFile, response.body);
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })));
const operation = (key: string) => operations().find((entry) => entry.key === key)!.operation;

/** The routes that count attempts and refuse with 429: sign-in, password reset mail, the ERP's key (per address). */
const RATE_LIMITED = [/^POST \/api\/auth$/, /^POST \/api\/auth\/password\/forgot$/, /^(GET|POST|PUT) \/api\/integration\//];

describe('the OpenAPI document', () => {
  it('passes Redocly CLI lint (recommended rules) with no error', () => {
    const run = spawnSync(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', documentFile, '--format=json'], {
      encoding: 'utf8',
      // No usage reports or update checks: the test talks to no one.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      timeout: 200_000,
    });
    const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: Array<{ ruleId: string; severity: string; message: string }> };
    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  });

  it('names a server and resolves the recursive catalogue menu', () => {
    expect(document.servers).not.toEqual([]);
    expect(document.components.schemas.CatalogGroup).toMatchObject({ properties: { items: { items: { $ref: '#/components/schemas/CatalogGroup' } } } });
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('GET /api/order/{id}/documents').operationId).toBe('getOrderByIdDocuments');
  });

  it('declares the error answers each operation can give, as the error envelope', () => {
    const statuses = (key: string) => Object.keys(operation(key).responses).filter((status) => status !== '200').sort();
    expect(statuses('POST /api/order/add')).toEqual(['400', '401', '403', '404', '409', '413', '415', '503', '507']);
    expect(statuses('POST /api/auth')).toEqual(['400', '401', '403', '413', '415', '429', '503', '507']);
    expect(statuses('GET /api/order/{id}/documents')).toEqual(['400', '401', '403', '404']);
    expect(statuses('GET /api/partners')).toEqual(['400', '401']);
    expect(statuses('POST /api/integration/products')).toEqual(['400', '401', '404', '413', '415', '429', '503', '507']);
    for (const { key, operation: each } of operations()) {
      for (const [status, answer] of Object.entries(each.responses)) {
        // Readiness answers a load balancer with its own small body, not the error envelope (docs/operations.md).
        if (key === 'GET /api/ready' && status === '503') continue;
        // Submitting and editing an order answer 409 with the order to confirm (PRICES_CHANGED) or another conflict.
        const envelope = /^POST \/api\/(order\/(add|\{id\}\/edit)|order-approvals\/\{id\}\/approve)$/.test(key) && status === '409' ? 'OrderConflictEnvelope' : 'ErrorEnvelope';
        if (Number(status) >= 400) expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual({ $ref: `#/components/schemas/${envelope}` });
      }
    }
    const conflict = JSON.stringify(document.components.schemas.OrderConflictEnvelope);
    for (const field of ['PRICES_CHANGED', '"order"', '"changes"', '"totals"', 'old_price', 'new_price', 'reason_text']) expect(conflict).toContain(field);
    // Public operations need no session; the rest need the bearer token of the document.
    expect(operation('GET /api/product/suggestions').security).toEqual([{}, { bearer: [] }]);
    expect(operation('GET /api/partners').security).toBeUndefined();
  });

  it('declares, for every operation, the statuses that follow from how it is reached', () => {
    const missing: string[] = [];
    const need = (key: string, responses: Operation['responses'], status: number, why: string) => {
      if (!(String(status) in responses)) missing.push(`${key}: ${status} (${why})`);
    };
    for (const { key, operation: each } of operations()) {
      const method = key.split(' ')[0]!;
      if (!Object.keys(each.responses).some((status) => /^2\d\d$/.test(status))) missing.push(`${key}: no success answer`);
      // Every route's path, query and body pass the input guard (lib/input-guard.ts), whatever its schemas.
      need(key, each.responses, 400, 'input');
      if (each.security === undefined || each.security.some((requirement) => 'apiKey' in (requirement as object))) need(key, each.responses, 401, 'session or key');
      // Fastify reads a body sent with any method but GET: too large, or of a type no parser takes.
      if (method !== 'GET') {
        need(key, each.responses, 413, 'body');
        need(key, each.responses, 415, 'body');
      }
      const limited = RATE_LIMITED.some((pattern) => pattern.test(key));
      if (limited) need(key, each.responses, 429, 'rate limit');
      else if ('429' in each.responses) missing.push(`${key}: 429 declared, yet it is not rate limited`);
    }
    expect(missing).toEqual([]);
  });

  it('answers the requests any route may get only with statuses it declares, each error in Russian with its code', async () => {
    const signedIn = { ...(await signInAs(t.app, 'demo')), 'x-api-key': INTEGRATION_KEY };
    // Above the server's body limit (5 MiB); the integration API takes more, and refuses this one as not a batch.
    const tooLarge = JSON.stringify('ы'.repeat(3 * 1024 * 1024));
    const undeclared: string[] = [];
    const badBodies: string[] = [];
    for (const { key, operation: each } of operations()) {
      const [method, path] = key.split(' ') as [InjectOptions['method'] & string, string];
      const url = path.replaceAll(/\{[^}]+\}/g, '1');
      const probes: Array<[string, InjectOptions]> = [
        ['anonymous, a NUL in the query', { method, url: `${url}?probe=%00` }],
        ['signed in, a NUL in the query', { method, url: `${url}?probe=%00`, headers: signedIn }],
      ];
      if (method !== 'GET') {
        probes.push(['a body of a type no parser takes', { method, url, headers: { ...signedIn, 'content-type': 'text/plain' }, payload: 'probe' }]);
        probes.push(['a body above the limit', { method, url, headers: { ...signedIn, 'content-type': 'application/json' }, payload: tooLarge }]);
      }
      for (const [what, request] of probes) {
        const answer = await t.app.inject(request);
        if (!(String(answer.statusCode) in each.responses)) undeclared.push(`${key} (${what}): ${answer.statusCode}`);
        if (answer.statusCode >= 400 && !(key === 'GET /api/ready' && answer.statusCode === 503)) {
          const body = answer.json() as { error?: { code?: unknown; message?: unknown }; response?: unknown };
          const russian = typeof body.error?.message === 'string' && /[а-яё]/i.test(body.error.message);
          if (typeof body.error?.code !== 'string' || !russian || body.response !== null) badBodies.push(`${key} (${what}): ${answer.body.slice(0, 200)}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
    expect(badBodies).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that compiles', async () => {
    writeFileSync(path.join(scratch, 'api.d.ts'), astToString(await openapiTS(JSON.parse(JSON.stringify(document)))));
    writeFileSync(
      path.join(scratch, 'client.ts'),
      [
        "import type { components, operations, paths } from './api';",
        "type Search = paths['/api/product/search']['get'];",
        "export type Query = NonNullable<Search['parameters']['query']>;",
        "export const query: Query = { QUERY: 'КСТ105', OPTION: 0 };",
        "type Found = Search['responses'][200]['content']['application/json'];",
        "export const article = (found: Found): string => found.response.PRODUCT.ARTICLE;",
        "type Failure = operations['postOrderAdd']['responses'][409]['content']['application/json'];",
        'export const message = (failure: Failure): string => failure.error.message;',
        "type Group = components['schemas']['CatalogGroup'];",
        'export const depth = (group: Group): number => 1 + Math.max(0, ...group.items.map(depth));',
        '',
      ].join('\n'),
    );
    // Only the generated file and the client: no type packages of the repository.
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', types: [] }, files: ['client.ts'] }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const compile = () =>
      spawnSync(process.execPath, [tsc, '-p', scratch], {
        encoding: 'utf8',
        timeout: 200_000,
      });
    const compiled = compile();
    expect(compiled.stdout).toBe('');
    expect(compiled.status).toBe(0);
    // And the check can fail: a field the document does not have is refused.
    writeFileSync(path.join(scratch, 'client.ts'), "import type { paths } from './api';\nexport const x = (p: paths['/api/product/search']['get']['responses'][200]['content']['application/json']) => p.response.NOT_A_FIELD;\n");
    const refused = compile();
    expect(refused.status).not.toBe(0);
    expect(refused.stdout).toMatch(/NOT_A_FIELD/);
  });
});
