/**
 * Access is decided on the route the router chose: every spelling of a protected route's path answers 401 without a
 * session, and an anonymous upload is refused before its body is received.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every operation of the OpenAPI document, with its path parameters filled in. */
function documentedRoutes(): Array<{ method: Method; url: string }> {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase() as Method, url: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

/** Other spellings of the same path that a router may map to the same route. */
function spellings(url: string): Record<string, string> {
  const [, first = '', rest = ''] = /^\/([^/]+)(.*)$/.exec(url) ?? [];
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return {
    'percent-encoded': `/${encodedFirst}${rest}`,
    'double slash': `//${first}/${rest}`,
    'upper case': `/${first.toUpperCase()}${rest.toUpperCase()}`,
    'dot segment': `/${first}/x/..${rest}`,
    'encoded dot segment': `/${first}/x/%2e%2e${rest}`,
  };
}

describe('protected routes', () => {
  it('answer 401 without a session under every spelling of their path', async () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    let protectedRoutes = 0;
    for (const route of routes) {
      const canonical = await t.app.inject({ method: route.method, url: route.url });
      if (canonical.statusCode !== 401) continue; // public by its declaration
      protectedRoutes += 1;
      for (const [name, url] of Object.entries(spellings(route.url))) {
        const response = await t.app.inject({ method: route.method, url });
        expect({ route: `${route.method} ${route.url}`, name, url, status: response.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          name,
          url,
          status: 401,
        });
      }
    }
    expect(protectedRoutes).toBeGreaterThan(25);
  });

  it('are decided by their declaration: a public route answers, a protected one that reads no user is still refused', async () => {
    expect((await t.app.inject({ url: '/%61pi/' })).statusCode).toBe(200);
    // These handlers never ask for the user: only the hook stands between them and an anonymous caller.
    for (const url of ['/%61pi/certificates?article=1', '/%61pi/services/proposal/org/7707083893']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

/** Sends only the headers and the first 64 KB of a 30 MB multipart body, then waits for the server's answer. */
function startAnonymousUpload(path: string): Promise<{ head: string; closed: Promise<void>; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const total = 30 * 1024 * 1024;
    const boundary = 'x-boundary';
    let received = '';
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) resolve({ head: received.slice(0, end), closed, sent: 64 * 1024 });
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${total}\r\n\r\n`,
    );
    socket.write(Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n`), Buffer.alloc(64 * 1024, 0x41)]));
  });
}

describe('an anonymous upload', () => {
  for (const path of ['/api/user/claims/add', '/%61pi/user/claims/add', '/api/user/settings/personal/update']) {
    it(`to ${path} is refused with 401 before its body is received, and the connection closed`, async () => {
      const answer = await startAnonymousUpload(path);
      // Only 64 KB of the declared 30 MB were sent: an answer now means the server did not wait for the body.
      expect(answer.head).toMatch(/^HTTP\/1\.1 401/);
      expect(answer.head.toLowerCase()).toContain('connection: close');
      await answer.closed;
    });
  }
});
