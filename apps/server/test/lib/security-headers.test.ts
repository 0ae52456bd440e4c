/** Every answer carries the security headers, the same on each request (the middleware is built once). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInRequest, type TestApp } from '../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: 'https://dealers.example.ru, http://office.example.ru:8080' });
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
      expect(response.headers['permissions-policy'], url).toContain('camera=(), ');
      expect(response.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(response.headers['permissions-policy'], url).toContain('fullscreen=(self "https://www.youtube.com" "https://rutube.ru")');
    }
  });

  it('lets pages connect only to the portal’s own origins', async () => {
    const csp = String((await t.app.inject({ url: '/api/content/news' })).headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
    expect(connect).toEqual(["'self'", 'https://dealers.example.ru', 'wss://dealers.example.ru', 'http://office.example.ru:8080', 'ws://office.example.ru:8080']);
  });

  it('keeps API answers out of every cache: no-store on the sign-in token, data and errors', async () => {
    const signIn = await t.app.inject(signInRequest('demo'));
    expect(signIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().response.token as string}` };
    for (const request of [
      { url: '/api/partners', headers },
      { url: '/api/orders', headers },
      { url: '/api/orders' },
      { url: '/api/no-such-route' },
      { url: '/api/' },
    ]) {
      expect((await t.app.inject(request)).headers['cache-control'], request.url).toBe('no-store');
    }
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
