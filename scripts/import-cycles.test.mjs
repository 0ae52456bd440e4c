// The repository's cycle check: a cycle made only of type imports, or through a workspace package, fails it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from './import-cycles.mjs';

const script = path.join(import.meta.dirname, 'import-cycles.mjs');
const roots = [];

/** A tiny repository: a root package.json with one workspace package, and the given files. */
function repository(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  roots.push(root);
  const all = {
    'package.json': JSON.stringify({ workspaces: ['packages/shared'] }),
    'packages/shared/package.json': JSON.stringify({ name: '@fixture/shared', exports: { '.': './src/index.ts' } }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root) {
  try {
    return { code: 0, output: execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    return { code: error.status, output: `${error.stdout}${error.stderr}` };
  }
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('import cycles', () => {
  it('fails on two files that import only each other’s types, naming both', () => {
    const root = repository({
      'apps/server/src/orders.ts': "import type { Mail } from './mail';\nexport type Order = { mail: Mail };\n",
      'apps/server/src/mail.ts': "import type { Order } from './orders.js';\nexport type Mail = { order?: Order };\n",
    });
    const { code, output } = check(root);
    expect(code).toBe(1);
    expect(output).toContain('apps/server/src/orders.ts');
    expect(output).toContain('apps/server/src/mail.ts');
  });

  it('finds a cycle that runs through a workspace package and a folder’s index', () => {
    const root = repository({
      'packages/shared/src/index.ts': "export * from './words';\n",
      'packages/shared/src/words.ts': "export { ready } from '../../../apps/web/src/state';\nexport const word = 'слово';\n",
      'apps/web/src/state/index.ts': "import { word } from '@fixture/shared';\nexport const ready = word.length > 0;\n",
    });
    const cycles = cyclesOf(importGraph(root, ['apps', 'packages']));
    expect(cycles).toHaveLength(1);
    expect(cycles[0].map((file) => path.relative(root, file))).toEqual(['apps/web/src/state/index.ts', 'packages/shared/src/index.ts', 'packages/shared/src/words.ts']);
  });

  it('passes a tree whose imports point one way, dynamic imports included', () => {
    const root = repository({
      'apps/server/src/app.ts': "import { a } from './a';\nexport const load = () => import('./b');\nexport const value = a;\n",
      'apps/server/src/a.ts': "import type { B } from './b';\nexport const a: B | 1 = 1;\n",
      'apps/server/src/b.ts': 'export type B = 2;\n',
    });
    expect(check(root)).toEqual({ code: 0, output: expect.stringContaining('No import cycles among 3 files') });
  });
});
