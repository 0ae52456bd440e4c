/**
 * The OpenAPI description at /api/docs, completed in one place rather than in every route: each operation gets an
 * operationId made from its method and path, and an answer for each error status it can give, described from the
 * one error-code map (`ERROR_CODES` in packages/contracts). Which statuses a route can give follows from how it is
 * built — its input schemas, its body, its path parameters, whether it needs a session — plus a short list of routes
 * whose rules add a conflict or a rate limit. Recursive schemas are named components, so their `$ref`s resolve.
 */
import { ERROR_CODES, ZCatalogGroupSchema, ZErrorEnvelopeSchema, type ErrorCode } from '@portal/contracts';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type RouteSchema = Record<string, unknown> & { security?: Array<Record<string, unknown>>; operationId?: string };

/** Schemas that refer to themselves: a `$ref` to them resolves only when they are components of the document. */
const NAMED_SCHEMAS: Array<[z.ZodType, string]> = [
  [ZCatalogGroupSchema, 'CatalogGroup'],
  [ZErrorEnvelopeSchema, 'ErrorEnvelope'],
];
for (const [schema, id] of NAMED_SCHEMAS) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

/** Statuses a route's own rules add to those that follow from its shape (`METHOD /path` as registered). */
const RULE_STATUSES: Array<[RegExp, number[]]> = [
  // Sign-in attempts and the integration API are rate limited.
  [/^POST \/api\/auth$/, [429]],
  [/^(GET|POST|PUT) \/api\/integration\//, [429]],
  // Idempotency keys, stock that changed meanwhile, a check or order in a state that forbids the step.
  [/^POST \/api\/order\/(add|:id\/edit)$/, [409]],
  [/^POST \/api\/user\/request\/check\/:id$/, [409]],
  // Address book limits and duplicates; a shipment for an order that cannot ship.
  [/^POST \/api\/user\/(delivery\/(add|update)|shipments\/add)$/, [409]],
  // A document whose seller's VAT table does not cover its day is not printed.
  [/^(GET \/api\/order\/print|POST \/api\/services\/proposal\/add|GET \/api\/services\/proposal\/vat)$/, [409]],
  // The logo and banner libraries are limited in size.
  [/^POST \/api\/services\/proposal\/(logo|banner)\/add$/, [409]],
];

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The error statuses a route can answer. */
export function errorStatusesOf(method: string, url: string, schema: RouteSchema, isPublic: boolean): number[] {
  const statuses = new Set<number>();
  const hasBody = WITH_BODY.has(method) || schema.body !== undefined;
  // Input that does not match its schema, or a body that is not JSON.
  if (hasBody || schema.querystring !== undefined || schema.params !== undefined) statuses.add(400);
  const needsKey = schema.security?.some((requirement) => 'apiKey' in requirement) ?? false;
  if (!isPublic || needsKey) statuses.add(401);
  // An object of another company, or a blocked account.
  if (!isPublic) statuses.add(403);
  if (/\/:[^/]+/.test(url)) statuses.add(404);
  // The body limit and the content types the server reads.
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const [pattern, extra] of RULE_STATUSES) if (pattern.test(`${method} ${url}`)) for (const status of extra) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** `GET /api/order/:id/documents` → `getOrderByIdDocuments`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('') || 'Root';
  return method.toLowerCase() + name;
}

/** The answer of an error status: the error envelope, described by the codes of ERROR_CODES with that status. */
function errorAnswer(status: number) {
  const codes = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].status === status);
  const description = codes.map((code) => `${code}: ${ERROR_CODES[code].message}`).join(' / ');
  return { description, content: { 'application/json': { schema: ZErrorEnvelopeSchema } } };
}

/** @fastify/swagger's per-route transform: the error answers and operationId, then zod to JSON Schema. */
export function openApiTransform(input: TransformInput) {
  const { route, url } = input;
  const schema = (input.schema ?? {}) as RouteSchema;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const isPublic = Boolean((route.config as { public?: boolean } | undefined)?.public);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of errorStatusesOf(method, url, schema, isPublic)) response[status] ??= errorAnswer(status);
  // A public route needs no session, though a token it is sent may change the answer (prices of one's own type).
  const security = schema.security ?? (isPublic ? [{}, { bearer: [] }] : undefined);
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, url), response, ...(security ? { security } : {}) },
  } as TransformInput);
}

/** The document-level part: the named schemas as components; one server, the portal itself. */
export function openApiDocument(version: string) {
  return {
    openapi: {
      info: { title: 'Dealer portal API', version },
      servers: [{ url: '/', description: 'This portal: every path below starts at its own address.' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http' as const, scheme: 'bearer' },
          apiKey: { type: 'apiKey' as const, in: 'header' as const, name: 'X-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  };
}
