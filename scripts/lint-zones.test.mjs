// The lint zones of eslint.config.js: a feature of the web app cannot import another feature (nor app/), whatever
// the depth of the file; shared/ and its own files are open to it.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function problemsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('feature zones of the web app', () => {
  it('refuses an import of another feature from any depth', async () => {
    expect(await problemsOf('apps/web/src/features/orders/components/x.tsx', "import { a } from '../../proposals/proposal-store';\nexport const b = a;\n")).toEqual([
      expect.stringContaining('Features do not import each other'),
    ]);
    expect(await problemsOf('apps/web/src/features/orders/x.ts', "import { a } from '../products/api/y';\nexport const b = a;\n")).toHaveLength(1);
    expect(await problemsOf('apps/web/src/features/proposals/api/x.ts', "import { a } from '../../products/api/search-product';\nexport const b = a;\n")).toHaveLength(1);
  });

  it('refuses app/ and allows shared/ and the feature’s own files', async () => {
    expect(await problemsOf('apps/web/src/features/orders/x.ts', "import { a } from '../../app/router';\nexport const b = a;\n")).toHaveLength(1);
    expect(
      await problemsOf('apps/web/src/features/orders/components/x.tsx', "import { a } from '../../../shared/api/search-product';\nimport { c } from '../model/order-store';\nexport const b = [a, c];\n"),
    ).toEqual([]);
  });
});
