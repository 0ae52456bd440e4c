/** Without SMTP: each message becomes an .eml file in DATA_DIR/mail, and the operators read them with mail:list / mail:show. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config';
import { createTransport } from '../../../src/modules/mail/transport';
import { renderMail } from '../../../src/modules/mail/templates';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-eml-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });

describe('.eml files', () => {
  it('writes the message whole into DATA_DIR/mail and the CLI lists and shows it', async () => {
    const transport = createTransport(testConfig({ DATA_DIR: dataDir }));
    const mail = renderMail({
      subject: 'Заказ № 10001 принят',
      company: 'ООО «СпецСнаб»',
      paragraphs: ['Заказ № 10001 принят порталом и передан в работу.'],
      action: { label: 'Открыть заказ', url: 'http://127.0.0.1:8000/orders?n=10001' },
      reason: 'Письмо отправлено, потому что в профиле включено уведомление на e-mail «Заказ создан».',
      settingsUrl: 'http://127.0.0.1:8000/profile',
    });
    const where = await transport.send({ id: 7, from: 'Портал дилера <portal@localhost>', to: 'demo@example.ru', ...mail });
    expect(where).toBe(path.join(dataDir, 'mail', '00000007.eml'));
    expect(readdirSync(path.join(dataDir, 'mail'))).toEqual(['00000007.eml']);

    const listed = await cli('mail:list');
    expect(listed.stdout).toMatch(/^00000007\.eml .*demo@example\.ru {2}Заказ № 10001 принят$/m);
    const shown = await cli('mail:show', '00000007.eml');
    expect(shown.stdout).toContain('Тема: Заказ № 10001 принят');
    expect(shown.stdout).toContain('Портал дилера · ООО «СпецСнаб»');
    expect(shown.stdout).toContain('Настройки уведомлений: http://127.0.0.1:8000/profile');
    await expect(cli('mail:show', 'missing.eml')).rejects.toMatchObject({ stderr: expect.stringContaining('Письмо missing.eml не найдено') });
  });
});
