import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { articleKey, looksLikeArticle, nameKey, nameWords, SEARCH_OPTION, searchRequestFor } from './article-search';

describe('searchRequestFor', () => {
  it('inserts a hyphen before the last letter of a ЛЛЛЦЦЦЛ code and searches by article', () => {
    expect(searchRequestFor('КСТ105А')).toEqual({ query: 'КСТ105-А', option: SEARCH_OPTION.ARTICLE });
    expect(searchRequestFor('  кст105а ')).toEqual({ query: 'КСТ105-А', option: SEARCH_OPTION.ARTICLE });
    expect(searchRequestFor('БЗМ221Ё')).toEqual({ query: 'БЗМ221-Ё', option: SEARCH_OPTION.ARTICLE });
  });

  it('searches by article, without a hyphen, when the input starts with three letters and three digits', () => {
    expect(searchRequestFor('КСТ105')).toEqual({ query: 'КСТ105', option: SEARCH_OPTION.ARTICLE });
    expect(searchRequestFor('КСТ1052')).toEqual({ query: 'КСТ1052', option: SEARCH_OPTION.ARTICLE });
    expect(searchRequestFor('КСТ105-А')).toEqual({ query: 'КСТ105-А', option: SEARCH_OPTION.ARTICLE });
    expect(searchRequestFor('КСТ105АБ')).toEqual({ query: 'КСТ105АБ', option: SEARCH_OPTION.ARTICLE });
  });

  it('searches anything else by name or free text', () => {
    for (const input of ['костюм летний', 'КС', 'KCT10', 'КСТ10', 'ПЕР-22', '4550', 'ботинки «Мастер»', 'Boots 100']) {
      expect(searchRequestFor(input).option).toBe(SEARCH_OPTION.NAME);
    }
    expect(searchRequestFor('  костюм   летний ').query).toBe('костюм летний');
  });

  it('never inserts a hyphen into anything but a seven-character code', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (input) => {
        const { query, option } = searchRequestFor(input);
        expect([SEARCH_OPTION.ARTICLE, SEARCH_OPTION.NAME]).toContain(option);
        if (query.includes('-') && !input.includes('-')) expect(query).toMatch(/^[А-ЯЁ]{3}\d{3}-[А-ЯЁ]$/);
        expect(looksLikeArticle(input)).toBe(option === SEARCH_OPTION.ARTICLE);
      }),
    );
  });
});

describe('search that forgives (issue 37): what dealers type, paste and copy', () => {
  // Real inputs: typed with a space or hyphens, in lower case, or pasted from e-mails and spreadsheets where some
  // letters are Latin look-alikes («K», «C», «T», «A», …). Each must search the same article as the clean form.
  const table: Array<[input: string, query: string]> = [
    ['КСТ100А', 'КСТ100-А'],
    ['КСТ 100А', 'КСТ100-А'],
    ['КСТ 100 А', 'КСТ100-А'],
    ['КСТ-100-А', 'КСТ100-А'],
    ['  кст100а ', 'КСТ100-А'],
    ['KCT100A', 'КСТ100-А'],
    ['kct100a', 'КСТ100-А'],
    ['KСT 100-A', 'КСТ100-А'],
    ['ПKБ100A', 'ПКБ100-А'],
    ['XЛT 205 M', 'ХЛТ205-М'],
    ['KPT101E', 'КРТ101-Е'],
    ['HOC300B', 'НОС300-В'],
    ['TOP 400 y', 'ТОР400-У'],
    ['КСТ 0042', 'КСТ0042'],
    ['кст-1052', 'КСТ1052'],
    ['KCT105', 'КСТ105'],
  ];

  it.each(table)('«%s» is searched as the article %s', (input, query) => {
    expect(searchRequestFor(input)).toEqual({ query, option: SEARCH_OPTION.ARTICLE });
    expect(articleKey(input)).toBe(articleKey(query));
  });

  it('gives every look-alike Latin capital and small letter its Cyrillic twin', () => {
    expect(articleKey('ABCEHKMOPTXY')).toBe('АВСЕНКМОРТХУ');
    expect(articleKey('abcehkmoptxy')).toBe('АВСЕНКМОРТХУ');
  });

  it('keeps letters without a Cyrillic twin, so a Latin-only article still matches only itself', () => {
    expect(articleKey('GZ-15 r')).toBe('GZ15R');
    expect(articleKey('DW 1')).not.toBe(articleKey('ДВ1'));
  });
});

describe('articleKey and nameKey', () => {
  it('matches articles whatever the case, hyphens and spaces', () => {
    expect(articleKey('кст 105-а')).toBe('КСТ105А');
    expect(articleKey('КСТ105-А')).toBe(articleKey('КСТ105А'));
    expect(articleKey('ПЕР-221/2')).toBe('ПЕР2212');
  });

  it('matches names without case, quotes, ё or repeated spaces', () => {
    expect(nameKey('Ботинки  «Мастер» УТЕПЛЁННЫЕ ')).toBe('ботинки мастер утепленные');
    expect(nameKey('Костюм "Профи"')).toBe(nameKey('костюм профи'));
  });

  it('answers each word once, in name form', () => {
    expect(nameWords(' Костюм  летний костюм «Профи» ')).toEqual(['костюм', 'летний', 'профи']);
    expect(nameWords('   ')).toEqual([]);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(nameKey(nameKey(text))).toBe(nameKey(text));
        expect(articleKey(articleKey(text))).toBe(articleKey(text));
      }),
    );
  });
});
