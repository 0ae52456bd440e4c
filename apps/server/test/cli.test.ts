/**
 * The operators' command line: its commands in-process against the test app (the same code the CLI runs), and the
 * CLI itself run as operators run it, on its own embedded database, for its wiring and exit codes.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { products, userPartners, users } from '../src/db/schema';
import {
  createUser,
  formatReport,
  importFile,
  resetPassword,
  setBlocked,
} from '../src/modules/integration/operator-commands';
import { createTestApp, signInAs, signInRequest, type TestApp } from './support/helper';

const scratch = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

function file(name: string, text: string) {
  const target = path.join(scratch, name);
  writeFileSync(target, text);
  return target;
}

describe('operator commands', () => {
  it('import JSON and CSV files through the integration code, reporting refused rows', async () => {
    const partners = await importFile(t.app, 'partners', file('partners.json', JSON.stringify({ items: [{ uid: 'cli-p-1', name: 'ООО «Консоль»' }] })));
    expect(formatReport(partners)).toBe('Применено: 1, отклонено: 0.');

    const report = await importFile(
      t.app,
      'products',
      file(
        'products.csv',
        '\uFEFFuid;article;name;price;price_opt;type\n' +
          'cli-1;00123;Костюм «Вектор»;4 200,00;3900;wear\n' +
          'cli-2;КСТ-2;Ботинки;;1500;shoes\n' +
          'cli-3;КСТ-3;Сапоги;2100;1900;boots\n',
      ),
    );
    const text = formatReport(report);
    expect(text).toMatch(/^Применено: 1, отклонено: 2\./);
    expect(text).toMatch(/#2 \(cli-2\): price/);
    expect(text).toMatch(/#3 \(cli-3\): type: wear \(одежда\) или shoes \(обувь\)/);
    const rows = await t.app.db.select().from(products).where(eq(products.uid, 'cli-1'));
    expect(rows.map((row) => [row.article, row.price])).toEqual([['00123', 4200]]);

    await expect(importFile(t.app, 'widgets', file('w.json', '[]'))).rejects.toThrow(/Неизвестный вид данных «widgets»/);
    await expect(importFile(t.app, 'products', file('bad.json', '{"uid": 1}'))).rejects.toThrow(/JSON-массив/);
  });

  it('create a user who can sign in, reset the password, block and unblock', async () => {
    const created = await createUser(t.app, 'ivan', { password: 'first-pass-1', partners: ['cli-p-1'], name: 'Иван' });
    expect(created).toEqual({ password: 'first-pass-1', generated: false });
    const session = await signInAs(t.app, 'ivan', 'first-pass-1');
    await expect(createUser(t.app, 'ivan', {})).rejects.toThrow(/уже есть/);

    const reset = await resetPassword(t.app, 'ivan');
    expect(reset.generated).toBe(true);
    expect(reset.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await t.app.inject({ url: '/api/partners', headers: session })).statusCode).toBe(401);
    await signInAs(t.app, 'ivan', reset.password);

    await setBlocked(t.app, 'ivan', true);
    expect((await t.app.inject(signInRequest('ivan', reset.password))).json().error.code).toBe('BLOCKED');
    await setBlocked(t.app, 'ivan', false);
    expect((await t.app.inject(signInRequest('ivan', reset.password))).statusCode).toBe(200);

    const [user] = await t.app.db.select().from(users).where(eq(users.login, 'ivan'));
    expect(user!.name).toBe('Иван');
    expect(await t.app.db.select().from(userPartners).where(eq(userPartners.userId, user!.id))).toHaveLength(1);
    await expect(setBlocked(t.app, 'nobody', true)).rejects.toThrow(/Пользователь nobody не найден/);
  });
});

describe('npm run portal', () => {
  // Each command starts Node, opens and migrates its own database: on a loaded machine that takes minutes, so the
  // commands run asynchronously under the test's own limit, and a command still running when the test times out is
  // killed through the test's abort signal.
  it('runs the commands on the configured database, with exit codes for scripts', { timeout: 900_000 }, async ({ signal }) => {
    const dataDir = path.join(scratch, 'cli-data');
    const portal = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
          cwd: path.resolve(import.meta.dirname, '..'),
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
          signal,
        });
        return { code: 0, out: `${stdout}${stderr}` };
      } catch (error) {
        const failed = error as { code?: number | string; stdout?: string; stderr?: string };
        return { code: failed.code, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
      }
    };

    const created = await portal('user:create', 'olga', '--name', 'Ольга');
    expect(created.out).toContain('Пользователь olga создан.');
    expect(created.code).toBe(0);
    const password = /Пароль пользователя olga: (\S+)/.exec(created.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    const imported = await portal('import', 'price-types', file('types.csv', 'id;name\nit-1;Оптовая\nit-2;\n'));
    expect(imported.out).toMatch(/Применено: 1, отклонено: 1\./);
    expect(imported.code).toBe(2);

    const vatSet = await portal('vat:set', 'general', '2027-01-01', '23');
    expect(vatSet.out).toContain('Ставка НДС general (общая ставка) с 01.01.2027: 23 %.');
    expect(vatSet.code).toBe(0);
    const vatList = await portal('vat:list');
    expect(vatList.out).toContain('general (общая ставка)  с 01.01.2026  22 %\ngeneral (общая ставка)  с 01.01.2027  23 %');
    const vatRefused = await portal('vat:set', 'general', '2027-02-30', '23');
    expect(vatRefused.out).toMatch(/Дата начала действия ставки «2027-02-30» неверна: укажите её как ГГГГ-ММ-ДД/);
    expect(vatRefused.code).toBe(1);

    const database = await openDatabase({ dataDir });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.login, 'olga'));
      expect(user).toMatchObject({ name: 'Ольга', blocked: false });
    } finally {
      await database.close();
    }
  });
});
