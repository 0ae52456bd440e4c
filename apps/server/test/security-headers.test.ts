/** Every answer carries the security headers, the same on each request (the middleware is built once). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends the content security policy and helmet’s headers on answers and errors alike', async () => {
    for (const url of ['/api/content/news', '/api/content/news', '/api/orders', '/api/no-such-route']) {
      const response = await t.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain('frame-src \'self\' https://www.youtube.com https://rutube.ru');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=/);
      expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
