/**
 * Security headers on every answer, by helmet. Its middleware is built once here: @fastify/helmet builds it again on
 * every request (parsing the CSP directives each time), a few per cent of a search request's whole cost.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const secure = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine injects its CSS variables in <style> tags.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      frameSrc: ["'self'", 'https://www.youtube.com', 'https://rutube.ru'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => secure(request.raw, reply.raw, (error) => done(error as Error | undefined)));
});
