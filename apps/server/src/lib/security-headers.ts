/**
 * Security headers on every answer, by helmet. Its middleware is built once here: @fastify/helmet builds it again on
 * every request (parsing the CSP directives each time), a few per cent of a search request's whole cost.
 *
 * `connect-src` lists only the portal's own origins: 'self' (in CSP 3 it also covers ws:/wss: to the same host, the
 * realtime socket) and the origins of ALLOWED_ORIGINS with their ws:/wss: forms — never any host at all.
 * `Permissions-Policy` turns off every powerful browser feature the portal never uses (camera, microphone, location,
 * payment, sensors, devices), so a script that got in cannot ask for them; the product videos (YouTube, Rutube frames)
 * keep full screen, picture-in-picture and encrypted media.
 * Answers that set no caching policy of their own (every API answer: tokens, orders, personal data) get
 * `Cache-Control: no-store`, so neither a browser's cache nor a proxy keeps them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The origins a page of the portal may connect to: its own, and the configured ones over HTTP and WebSocket. */
export function connectSources(allowedOrigins: readonly string[]): string[] {
  const sources = new Set(["'self'"]);
  for (const entry of allowedOrigins) {
    let origin: URL;
    try {
      origin = new URL(entry);
    } catch {
      continue;
    }
    if (origin.protocol !== 'https:' && origin.protocol !== 'http:') continue;
    sources.add(origin.origin);
    sources.add(`${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`);
  }
  return [...sources];
}

const VIDEO_FRAMES = '(self "https://www.youtube.com" "https://rutube.ru")';
export const PERMISSIONS_POLICY = [
  ...['accelerometer', 'ambient-light-sensor', 'autoplay', 'bluetooth', 'browsing-topics', 'camera', 'display-capture', 'geolocation',
    'gyroscope', 'hid', 'idle-detection', 'magnetometer', 'microphone', 'midi', 'payment', 'publickey-credentials-get', 'screen-wake-lock',
    'serial', 'usb', 'xr-spatial-tracking'].map((feature) => `${feature}=()`),
  ...['encrypted-media', 'fullscreen', 'picture-in-picture'].map((feature) => `${feature}=${VIDEO_FRAMES}`),
].join(', ');

export const securityHeaders = fp(async (app: FastifyInstance) => {
  const secure = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables in <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: connectSources(app.config.ALLOWED_ORIGINS),
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://rutube.ru'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => secure(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
