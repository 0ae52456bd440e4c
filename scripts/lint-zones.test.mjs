// The lint zones of eslint.config.js: a feature of the web app cannot import another feature (nor app/), whatever
// the depth of the file; shared/ and its own files are open to it. On the server: routes → services → repositories
// → db; db/ and lib/ import no module; modules, the registry and the programs (app, cli, seed) use a module through
// its index.ts only, type-only imports included.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function problemsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

async function serverProblemsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
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

describe('zones of the server', () => {
  it('refuses db/ in a route file, and allows it in the module’s repository', async () => {
    const query = "import { users } from '../../db/schema';\nexport const table = users;\n";
    expect(await serverProblemsOf('apps/server/src/modules/auth/auth.routes.ts', query)).toEqual([expect.stringContaining('A route does not query')]);
    expect(await serverProblemsOf('apps/server/src/modules/auth/auth.repository.ts', query)).toEqual([]);
  });

  it('refuses a module in db/, lib/ and the schema, even for a type', async () => {
    const typeOfModule = "import type { MailTransport } from '../../modules/mail';\nexport type T = MailTransport;\n";
    expect(await serverProblemsOf('apps/server/src/db/schema/orders.ts', typeOfModule)).toEqual([expect.stringContaining('db/ and lib/ sit below the modules')]);
    expect(await serverProblemsOf('apps/server/src/lib/realtime/index.ts', typeOfModule)).toHaveLength(1);
    expect(await serverProblemsOf('apps/server/src/lib/errors.ts', "import { seedDemo } from '../seed';\nexport const s = seedDemo;\n")).toHaveLength(1);
  });

  it('lets modules and programs use another module through its index.ts only', async () => {
    expect(await serverProblemsOf('apps/server/src/modules/orders/submit/persist-order.ts', "import { enqueueMailEvent } from '../../mail/mail.events';\nexport const e = enqueueMailEvent;\n")).toEqual([
      expect.stringContaining('Import modules/mail through its index.ts'),
    ]);
    expect(await serverProblemsOf('apps/server/src/modules/team/team.service.ts', "import type { OrderReader } from '../mail/mail.events';\nexport type R = OrderReader;\n")).toHaveLength(1);
    expect(await serverProblemsOf('apps/server/src/seed/people.ts', "import { hashPassword } from '../modules/auth/password';\nexport const h = hashPassword;\n")).toHaveLength(1);
    expect(await serverProblemsOf('apps/server/src/app.ts', "import { mailPlugin } from './modules/mail/mail.plugin';\nexport const m = mailPlugin;\n")).toHaveLength(1);
    expect(
      await serverProblemsOf(
        'apps/server/src/modules/orders/submit/persist-order.ts',
        "import { enqueueMailEvent } from '../../mail';\nimport { checksOf } from '../orders.repository';\nexport const e = [enqueueMailEvent, checksOf];\n",
      ),
    ).toEqual([]);
    expect(await serverProblemsOf('apps/server/src/seed/people.ts', "import { hashPassword } from '../modules/auth';\nexport const h = hashPassword;\n")).toEqual([]);
  });

  it('refuses the programs inside a module', async () => {
    expect(await serverProblemsOf('apps/server/src/modules/orders/orders.service.ts', "import { buildApp } from '../../app';\nexport const b = buildApp;\n")).toEqual([
      expect.stringContaining('Modules do not import the programs'),
    ]);
  });
});
