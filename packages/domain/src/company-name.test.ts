import { describe, expect, it } from 'vitest';
import { shortenCompanyName } from './company-name';

describe('shortenCompanyName', () => {
  it('shortens a limited liability company to ООО', () => {
    expect(shortenCompanyName('Общество с ограниченной ответственностью «СпецОдежда»')).toBe('ООО «СпецОдежда»');
  });
  it('shortens joint-stock companies to their legal abbreviation: ПАО stays ПАО', () => {
    expect(shortenCompanyName('Акционерное общество "Техноресурс"')).toBe('АО "Техноресурс"');
    expect(shortenCompanyName('Публичное акционерное общество "Сталь"')).toBe('ПАО "Сталь"');
    expect(shortenCompanyName('Непубличное акционерное общество "Сталь"')).toBe('АО "Сталь"');
    expect(shortenCompanyName('Закрытое акционерное общество «Луч»')).toBe('ЗАО «Луч»');
    expect(shortenCompanyName('публичное  акционерное общество «Сбербанк России»')).toBe('ПАО «Сбербанк России»');
  });
  it('shortens a sole proprietor to ИП', () => {
    expect(shortenCompanyName('Индивидуальный предприниматель Иванов Иван Иванович')).toBe('ИП Иванов Иван Иванович');
  });
  it('ignores case and extra spaces', () => {
    expect(shortenCompanyName('ОБЩЕСТВО  С  ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ Ромашка')).toBe('ООО Ромашка');
  });
  it('leaves names that are already short untouched', () => {
    expect(shortenCompanyName('ООО «Альфа»')).toBe('ООО «Альфа»');
  });
});
