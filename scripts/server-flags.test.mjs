import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './server-flags.mjs';

/** The young generation's size after a churn of short-lived objects, in a Node started with `flags`. */
function newSpaceAfterChurn(flags) {
  const script =
    "let kept = []; for (let i = 0; i < 3e6; i++) { kept.push({ i }); if (kept.length > 2e5) kept = []; }" +
    "console.log(require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size)";
  const run = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return Number(run.stdout.trim());
}

describe('the Node options of the server', () => {
  it('are accepted by this Node and widen the young generation to 64 MB a semi-space on a server of 2 GB or more', () => {
    const flags = serverNodeFlags(8 * 2 ** 30);
    // The optimizing WebAssembly compiler's working memory stays in the allocator's arenas (see server-flags.mjs).
    expect(flags).toContain('--liftoff-only');
    const plain = newSpaceAfterChurn([]);
    const server = newSpaceAfterChurn(flags);
    expect(server).toBeGreaterThanOrEqual(64 * 2 ** 20);
    expect(server).toBeGreaterThanOrEqual(plain);
  });

  it('keep the young generation at 16 MB a semi-space and WebAssembly on the baseline compiler below 2 GB', () => {
    const flags = serverNodeFlags(1024 * 2 ** 20);
    expect(flags).toContain('--liftoff-only');
    const small = newSpaceAfterChurn(flags);
    expect(small).toBeLessThanOrEqual(32 * 2 ** 20);
    expect(small).toBeLessThan(newSpaceAfterChurn(serverNodeFlags(8 * 2 ** 30)));
  });
});
