/**
 * The OpenAPI description at /api/docs, made from the routes' own declarations: each route lists its request and
 * every status it can answer (the error ones with `errorResponses` from packages/contracts), and nothing here adds a
 * status. What is added in one place rather than in every route: an operationId made from the method and path, the
 * codes of ERROR_CODES that each declared error status stands for, the security of a public route, and a route's
 * multipart form (`schema.form`) as its `multipart/form-data` body. Recursive schemas are named components, so their
 * `$ref`s resolve.
 */
import { ERROR_CODES, ZCatalogGroupSchema, type ErrorCode } from '@portal/contracts';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UploadForm } from './uploads';

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type RouteSchema = Record<string, unknown> & { security?: Array<Record<string, unknown>>; operationId?: string; form?: UploadForm };

/** Schemas that refer to themselves: a `$ref` to them resolves only when they are components of the document. */
const NAMED_SCHEMAS: Array<[z.ZodType, string]> = [[ZCatalogGroupSchema, 'CatalogGroup']];
for (const [schema, id] of NAMED_SCHEMAS) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

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

/** The codes of ERROR_CODES an error status stands for, with their default messages. */
function errorDescription(status: number): string {
  const codes = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].status === status);
  return codes.map((code) => `${code}: ${ERROR_CODES[code].message}`).join(' / ') || 'An error answer.';
}

/** A declared error answer given as a bare schema gets the description of its status; one with its own is kept. */
function describedAnswers(response: Record<string, unknown> | undefined) {
  if (!response) return undefined;
  return Object.fromEntries(
    Object.entries(response).map(([status, answer]) =>
      Number(status) >= 400 && answer instanceof z.ZodType
        ? [status, { description: errorDescription(Number(status)), content: { 'application/json': { schema: answer } } }]
        : [status, answer],
    ),
  );
}

/** @fastify/swagger's per-route transform: the operationId and the errors' descriptions, then zod to JSON Schema. */
export function openApiTransform(input: TransformInput) {
  const { route, url } = input;
  const { form, ...schema } = (input.schema ?? {}) as RouteSchema;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const isPublic = Boolean((route.config as { public?: boolean } | undefined)?.public);
  const response = describedAnswers(schema.response as Record<string, unknown> | undefined);
  // A public route needs no session, though a token it is sent may change the answer (prices of one's own type).
  const security = schema.security ?? (isPublic ? [{}, { bearer: [] }] : undefined);
  // A multipart form is read by the route itself, so it is declared apart from `body` (see lib/uploads.ts).
  const body = form ? { body: form.document, consumes: ['multipart/form-data'] } : {};
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      ...body,
      operationId: schema.operationId ?? operationIdOf(method, url),
      ...(response ? { response } : {}),
      ...(security ? { security } : {}),
    },
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
          basic: { type: 'http' as const, scheme: 'basic', description: 'Sign-in only: the login and password (POST /api/auth).' },
          apiKey: { type: 'apiKey' as const, in: 'header' as const, name: 'X-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  };
}
