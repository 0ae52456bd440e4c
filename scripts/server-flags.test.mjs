import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

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
  it('are accepted by this Node and widen the young generation beyond its default', () => {
    const plain = newSpaceAfterChurn([]);
    const server = newSpaceAfterChurn(SERVER_NODE_FLAGS);
    expect(server).toBeGreaterThanOrEqual(64 * 2 ** 20);
    expect(server).toBeGreaterThan(plain);
  });
});
