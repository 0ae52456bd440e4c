/** `npm run dev`: the web app's dev server sends /api and /ws to the port the portal server was started on. */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function proxyWith(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { default: config } = await import('../vite.config');
  // The config is a function of the command (a build plans its chunks first): the dev server's.
  const resolved = await config({ command: 'serve', mode: 'development' });
  return (resolved as { server: { proxy: Record<string, unknown> } }).server.proxy;
}

afterEach(() => vi.unstubAllEnvs());

describe('the dev server proxy', () => {
  it('follows PORT', async () => {
    const proxy = await proxyWith({ PORT: '9123', PORTAL_DEV_API: undefined });
    expect(proxy['/api']).toBe('http://127.0.0.1:9123');
    expect(proxy['/ws']).toEqual({ target: 'ws://127.0.0.1:9123', ws: true });
  });

  it('uses 8000 without PORT', async () => {
    expect((await proxyWith({ PORT: undefined, PORTAL_DEV_API: undefined }))['/api']).toBe('http://127.0.0.1:8000');
  });
});
