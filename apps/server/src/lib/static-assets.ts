/**
 * How the server delivers bytes to browsers: the built SPA from its precompressed copies (the web build writes `.br`
 * and `.gz` beside each asset), and JSON answers compressed on the fly when they are big enough to gain from it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Answers under this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Dynamic answers (JSON, HTML fallbacks) are compressed with brotli or gzip as the client asks. Brotli at quality 4
 * is close to gzip's speed with smaller output. An answer up to the plugin's sync threshold (8 KB on 2 cores, less on
 * more) is compressed in one call on the main thread — at that size cheaper than a stream, about 5 % of the main
 * thread under the mixed load — and a larger one streams through libuv's thread pool. Files the static plugin sends
 * precompressed already carry a content-encoding, which the plugin leaves alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Headers a hashed asset (script, style, font, picture of the build) goes without. They govern documents — what a
 * page may load, frame or send as a referrer — and the portal starts no workers from its scripts, so on a script
 * they only cost bytes: about 0.8 KB on each of the dozens of scripts a first visit loads on HTTP/1.1. `nosniff` and
 * the cross-origin resource policy stay: they are what protects a script or style. Validators go too: an immutable
 * asset is never revalidated.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/** Serves the built SPA; any other GET that is not an API call gets index.html so client routes survive a reload. */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn(`web app not built (${indexHtml} missing): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // Hashed assets never change; index.html must always be fresh so a new release is picked up.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (!hashed) return;
      // Helmet writes its headers on the raw response, the static plugin its validators on the reply.
      for (const name of DOCUMENT_ONLY_HEADERS) {
        reply.raw.removeHeader(name);
        reply.removeHeader(name);
      }
    },
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/ws')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Адрес ${url} не найден.` }, response: null });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
