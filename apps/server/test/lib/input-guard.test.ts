/**
 * A catalogue of bad values sent to every route of the OpenAPI document: NUL characters, lone surrogates, numbers
 * no field can hold, wrong types, and malformed multipart forms. No answer may be a 5xx; every refusal is in Russian
 * without zod's or Fastify's English; the values no field may hold are refused with 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../support/helper';

const INTEGRATION_KEY = 'integration-key-for-bad-input-tests';
let t: TestApp;
let session: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: INTEGRATION_KEY });
  session = await signInAs(t.app, 'demo');
});
afterAll(() => t.close());

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
};

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: string[];
  pathParams: string[];
  body?: JsonSchema;
}

/** Values no field may hold, as raw JSON (a lone surrogate cannot be written by JSON.stringify). */
const REFUSED_EVERYWHERE: Array<{ name: string; json: string; query: string }> = [
  { name: 'NUL in text', json: '"a\\u0000b"', query: 'a%00b' },
  { name: 'lone surrogate', json: '"a\\ud800b"', query: 'a%ED%A0%80b' },
  { name: '1e308', json: '1e308', query: '1e308' },
  { name: '1e400 (infinite)', json: '1e400', query: '1e400' },
  { name: '2^53+1', json: '9007199254740993', query: '9007199254740993' },
];
/** Values some fields accept and others refuse: never a 5xx, and a refusal in Russian. */
const MAYBE_REFUSED: Array<{ name: string; json: string; query: string }> = [
  { name: '99 999 999 999', json: '99999999999', query: '99999999999' },
  { name: 'negative', json: '-1', query: '-1' },
  { name: 'fractional', json: '1.5', query: '1.5' },
  { name: 'empty text', json: '""', query: '' },
  { name: 'null', json: 'null', query: 'null' },
  { name: 'a list', json: '[]', query: '[]' },
  { name: 'an object', json: '{}', query: '{}' },
  { name: 'long text', json: JSON.stringify('я'.repeat(20_000)), query: 'я'.repeat(2_000) },
];

function operations(): Operation[] {
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  // Signing out is left out: it would end the session the other requests use (its refusals are tested in auth.test).
  return Object.entries(document.paths).filter(([path]) => path !== '/api/auth/logout').flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          body: content['application/json']?.schema,
        };
      }),
  );
}

/** A value the schema accepts, as far as a generator without the server's data can tell. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sample(variant, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key))
          .map(([key, property]) => [key, sample(property, depth + 1)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'dealer@example.ru';
      if (schema.format === 'date') return '2030-01-01';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'a';
  }
}

/** Every path to a leaf of a sample (["items", 0, "qty"] …), the root included. */
function leaves(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, index) => leaves(item, [...path, index]))];
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))];
  return [path];
}

const PLACEHOLDER = '"__bad_value__"';
/** The sample as JSON with one leaf replaced by raw JSON. */
function withValue(base: unknown, path: Array<string | number>, rawJson: string): string {
  if (path.length === 0) return rawJson;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = '__bad_value__';
  return JSON.stringify(copy).replace(PLACEHOLDER, rawJson);
}

function headersFor(operation: Operation) {
  return operation.path.startsWith('/api/integration') ? { 'x-api-key': INTEGRATION_KEY } : session;
}

const ENGLISH = /Invalid input|expected|Too (big|small)|Required|must be|should be|body\/|querystring|Unrecognized|Failed query|Error:/i;

interface Answer {
  request: string;
  status: number;
  message: string;
}

function assertRefusal(answer: Answer, mustRefuse: boolean) {
  expect(answer.status, answer.request).toBeLessThan(500);
  if (mustRefuse) expect(answer.status, `${answer.request} → ${answer.message}`).toBe(400);
  if (answer.status >= 400) {
    expect(answer.message, answer.request).toMatch(/[А-Яа-яЁё]/);
    expect(answer.message, answer.request).not.toMatch(ENGLISH);
  }
}

async function send(operation: Operation, url: string, payload?: string): Promise<Answer> {
  const response = await t.app.inject({
    method: operation.method,
    url,
    headers: { ...headersFor(operation), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  const request = `${operation.method} ${url}${payload !== undefined ? ` ${payload.slice(0, 120)}` : ''}`;
  let message = '';
  try {
    message = (response.json() as { error?: { message?: string } }).error?.message ?? '';
  } catch {
    message = response.body.slice(0, 200);
  }
  // Each refusal of the session (a route that signs out) is followed by a new sign-in, so later requests are checked.
  if (response.statusCode === 401 && !operation.path.startsWith('/api/integration')) session = await signInAs(t.app, 'demo');
  return { request, status: response.statusCode, message };
}

/** The upload routes: POST routes that read a multipart form, and say so (415) when sent JSON instead. */
async function uploadRoutes(): Promise<Operation[]> {
  const found: Operation[] = [];
  for (const operation of operations().filter((candidate) => candidate.method === 'POST' && !candidate.body)) {
    const response = await t.app.inject({ method: 'POST', url: operation.path, headers: { ...session, 'content-type': 'application/json' }, payload: '{}' });
    if (response.statusCode === 415 && /multipart/.test(response.json().error.message)) found.push(operation);
  }
  return found;
}

const fillPath = (operation: Operation, value: (name: string) => string) =>
  operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => value(name));

describe('bad input on every route of the OpenAPI document', () => {
  it('the document lists the routes', async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((operation) => operation.body).length).toBeGreaterThan(20);
    expect((await uploadRoutes()).map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/user/claims/add', '/api/user/request/feedback', '/api/user/settings/personal/update', '/api/user/shipments/add', '/api/services/proposal/logo/add', '/api/services/proposal/banner/add']),
    );
  });

  it('JSON bodies: every leaf of a valid-looking body replaced by each bad value', async () => {
    let sent = 0;
    for (const operation of operations().filter((candidate) => candidate.body)) {
      const url = fillPath(operation, () => '1');
      const base = sample(operation.body);
      for (const path of leaves(base)) {
        for (const value of REFUSED_EVERYWHERE) assertRefusal(await send(operation, url, withValue(base, path, value.json)), true);
        for (const value of MAYBE_REFUSED) assertRefusal(await send(operation, url, withValue(base, path, value.json)), false);
        sent += REFUSED_EVERYWHERE.length + MAYBE_REFUSED.length;
      }
    }
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);

  it('query parameters and path parameters: each bad value in each', async () => {
    for (const operation of operations()) {
      const base = fillPath(operation, () => '1');
      for (const name of operation.query) {
        for (const value of REFUSED_EVERYWHERE.filter((v) => !v.name.startsWith('1e4'))) {
          const answer = await send(operation, `${base}?${name}=${value.query}`, operation.body ? JSON.stringify(sample(operation.body)) : undefined);
          // Numbers in a query are text until a schema reads them, and a URL cannot carry a lone surrogate (UTF-8 has
          // none: its bytes stay undecoded text); NUL is refused everywhere.
          assertRefusal(answer, value.name.startsWith('NUL'));
        }
        for (const value of MAYBE_REFUSED) assertRefusal(await send(operation, `${base}?${name}=${encodeURIComponent(value.query)}`), false);
      }
      for (const name of operation.pathParams) {
        for (const value of [...REFUSED_EVERYWHERE, ...MAYBE_REFUSED].filter((v) => v.query !== '')) {
          const url = fillPath(operation, (param) => (param === name ? value.query : '1'));
          assertRefusal(await send(operation, url, operation.body ? JSON.stringify(sample(operation.body)) : undefined), value.name.startsWith('NUL'));
        }
      }
    }
  }, 600_000);

  it('whole bodies that are not what a route reads', async () => {
    for (const operation of operations().filter((candidate) => candidate.body)) {
      const url = fillPath(operation, () => '1');
      for (const payload of ['', '{', 'null', '[]', '"text"', '{"__proto__":{"x":1}}', '{"a":'.repeat(200)]) {
        assertRefusal(await send(operation, url, payload), false);
      }
    }
  }, 600_000);

  it('malformed multipart forms on every upload route: no boundary, a wrong one, a body cut short', async () => {
    const uploads = await uploadRoutes();
    expect(uploads.length).toBeGreaterThanOrEqual(6);
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nтекст\r\n--${boundary}\r\n` +
      `Content-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
    const cases = [
      { name: 'no boundary', type: 'multipart/form-data', payload: part('b') + '\r\n--b--\r\n' },
      { name: 'wrong boundary', type: 'multipart/form-data; boundary=other', payload: part('b') + '\r\n--b--\r\n' },
      { name: 'cut short', type: 'multipart/form-data; boundary=b', payload: part('b') },
      { name: 'NUL in a field', type: 'multipart/form-data; boundary=b', payload: `--b\r\nContent-Disposition: form-data; name="comment"\r\n\r\na\x00b\r\n--b--\r\n` },
    ];
    for (const operation of uploads) {
      for (const variant of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: operation.path,
          headers: { ...session, 'content-type': variant.type },
          payload: Buffer.from(variant.payload, 'latin1'),
        });
        const answer = { request: `${operation.path} (${variant.name})`, status: response.statusCode, message: response.json().error?.message ?? '' };
        assertRefusal(answer, true);
      }
    }
  });
});
