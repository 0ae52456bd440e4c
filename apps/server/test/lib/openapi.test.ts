/**
 * The OpenAPI document at /api/docs/json: a standard linter (Redocly CLI, recommended rules) finds no error in it,
 * every operation has an operationId and its error answers, the routes that read a multipart form or a header declare
 * it (watched while every route is probed), and a typed client generated from it (openapi-typescript) compiles.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest, InjectOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../support/helper';

interface Operation {
  operationId?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
}
interface Document {
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  security?: unknown[];
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

/**
 * Headers read for any route and declared by none: those that carry the request itself rather than the API's
 * parameters (the body's type and size, the connection, content negotiation and compression, a proxy's forwarding),
 * and Authorization, where the session hook looks for a bearer token on every request (the document's security).
 */
const ANY_ROUTE_HEADERS = [
  'content-type', 'content-length', 'transfer-encoding', 'content-encoding', 'host', 'connection', 'accept', 'accept-encoding',
  'x-no-compression', 'accept-version', 'user-agent', 'origin', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host',
  'x-request-id', 'authorization',
];

/** The header each security requirement of an operation stands for. */
function securityHeaders(requirements: unknown[]): string[] {
  const schemes = (document as unknown as { components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> } }).components.securitySchemes;
  return requirements.flatMap((requirement) =>
    Object.keys(requirement as object).map((name) => {
      const scheme = schemes[name]!;
      return scheme.type === 'http' ? 'authorization' : scheme.name!.toLowerCase();
    }),
  );
}

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The smallest value of a schema's shape: its required fields, the first of an enum, an empty list. */
function sampleOf(schema: JsonSchema): unknown {
  if (schema.$ref) return sampleOf(document.components.schemas[schema.$ref.split('/').pop()!] as JsonSchema);
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (first) return sampleOf(first);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {})]));
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'string') return 'п'.repeat(Math.max(1, schema.minLength ?? 1));
  return null;
}

const PROBE_BOUNDARY = 'portal-probe';
const PROBE_FORM = [
  `--${PROBE_BOUNDARY}`,
  'Content-Disposition: form-data; name="probe"',
  '',
  'проба',
  `--${PROBE_BOUNDARY}`,
  'Content-Disposition: form-data; name="probe-file"; filename="probe.txt"',
  'Content-Type: text/plain',
  '',
  'проба',
  `--${PROBE_BOUNDARY}--`,
  '',
].join('\r\n');

/**
 * Watches what the routes read of their requests: which call for their multipart form (any of @fastify/multipart's
 * readers) and which headers each reads, by route. It wraps the readers on the app's request prototype, whatever
 * helper a route goes through, so a route that reads a form or a header some new way is seen too.
 */
function watchRequests(app: TestApp['app']) {
  const kRequest = Object.getOwnPropertySymbols(app).find((symbol) => symbol.description === 'fastify.Request')!;
  const base = (app as unknown as Record<symbol, { prototype: object }>)[kRequest]!.prototype;
  const owner = (name: string) => {
    for (let proto: object | null = base; proto; proto = Object.getPrototypeOf(proto) as object | null) if (Object.hasOwn(proto, name)) return proto;
    throw new Error(`requests have no ${name}`);
  };
  const keyOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url?.replaceAll(/:(\w+)/g, '{$1}')}`;
  const formReaders = new Set<string>();
  const headersRead = new Map<string, Set<string>>();
  const restore: Array<() => void> = [];
  for (const name of ['parts', 'file', 'files', 'saveRequestFiles']) {
    const proto = owner(name) as Record<string, (...args: unknown[]) => unknown>;
    const reader = proto[name]!;
    proto[name] = function (this: FastifyRequest, ...args: unknown[]) {
      formReaders.add(keyOf(this));
      return reader.apply(this, args);
    };
    restore.push(() => (proto[name] = reader));
  }
  // Fastify's own `headers` cannot be redefined: the app's request prototype gets one of its own in front of it.
  const headers = Object.getOwnPropertyDescriptor(owner('headers'), 'headers')!;
  Object.defineProperty(base, 'headers', {
    configurable: true,
    set: headers.set,
    get(this: FastifyRequest) {
      const value = headers.get!.call(this) as Record<string, unknown>;
      const read = headersRead.get(keyOf(this)) ?? headersRead.set(keyOf(this), new Set()).get(keyOf(this))!;
      const note = (name: string | symbol) => typeof name === 'string' && read.add(name.toLowerCase());
      return new Proxy(value, {
        get: (target, name, receiver) => (note(name), Reflect.get(target, name, receiver) as unknown),
        has: (target, name) => (note(name), Reflect.has(target, name)),
      });
    },
  });
  restore.push(() => delete (base as { headers?: unknown }).headers);
  return { formReaders, headersRead, stop: () => restore.forEach((undo) => undo()) };
}

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

  it('declares the multipart form of exactly the routes that read one, and each header a route reads', async () => {
    const watch = watchRequests(t.app);
    const signedIn = { ...(await signInAs(t.app, 'demo')), 'x-api-key': INTEGRATION_KEY };
    const undeclared: string[] = [];
    // Signing out ends the session the other probes use: it goes last.
    const probed = operations().sort((a, b) => Number(a.key === 'POST /api/auth/logout') - Number(b.key === 'POST /api/auth/logout'));
    try {
      for (const { key, operation: each } of probed) {
        const [method, path] = key.split(' ') as [InjectOptions['method'] & string, string];
        const url = path.replaceAll(/\{[^}]+\}/g, '1');
        // A small well-formed form with a text field and a file, sent to every route that takes a body.
        const request: InjectOptions =
          method === 'GET'
            ? { method, url, headers: signedIn }
            : { method, url, headers: { ...signedIn, 'content-type': `multipart/form-data; boundary=${PROBE_BOUNDARY}` }, payload: PROBE_FORM };
        const requests = [request];
        // And a JSON body of the declared shape, so that the route's headers and handler are reached past validation.
        const json = each.requestBody?.content['application/json'] as { schema: JsonSchema } | undefined;
        if (json) requests.push({ method, url, headers: { ...signedIn, 'content-type': 'application/json' }, payload: JSON.stringify(sampleOf(json.schema)) });
        for (const probe of requests) {
          const answer = await t.app.inject(probe);
          if (!(String(answer.statusCode) in each.responses)) undeclared.push(`${key}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        }
      }
    } finally {
      watch.stop();
    }
    expect(undeclared).toEqual([]);

    const declaresForm = operations().filter(({ operation: each }) => each.requestBody?.content['multipart/form-data']).map(({ key }) => key);
    expect(declaresForm.length).toBeGreaterThan(0);
    expect([...watch.formReaders].sort()).toEqual(declaresForm.sort());

    const unread: string[] = [];
    for (const { key, operation: each } of operations()) {
      const declared = new Set([
        ...ANY_ROUTE_HEADERS,
        ...(each.parameters ?? []).filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name.toLowerCase()),
        ...securityHeaders(each.security ?? document.security ?? []),
      ]);
      for (const name of watch.headersRead.get(key) ?? []) if (!declared.has(name)) unread.push(`${key}: ${name}`);
    }
    expect(unread).toEqual([]);
    // The watch sees reads: the order routes read the key they declare, the ERP's routes the key of their security.
    expect(watch.headersRead.get('POST /api/order/add')).toContain('idempotency-key');
    expect(watch.headersRead.get('POST /api/integration/products')).toContain('x-api-key');
    // Sign-in reads the login and password from Authorization (Basic), which its security says.
    expect(operation('POST /api/auth').security).toEqual([{ basic: [] }]);
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
        "type Feedback = paths['/api/user/request/feedback']['post']['requestBody']['content']['multipart/form-data'];",
        "export const feedback: Feedback = { type: 'error', text: 'Не открывается счёт', files: [] };",
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
