import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterSuggestions, nameHasAllWords } from './suggestion-filter';

const catalogue = [
  { ARTICLE: 'КСТ105А', NAME: 'Костюм летний «Профи» с СОП' },
  { ARTICLE: 'КСТ1051', NAME: 'Костюм зимний «Север»' },
  { ARTICLE: 'БТК310', NAME: 'Ботинки кожаные «Мастер» с МП' },
  { ARTICLE: 'ПЕР-221', NAME: 'Перчатки «Профи» ПУ/нитрил' },
  { ARTICLE: 'ЖЛТ020', NAME: 'Жилет сигнальный «Профи»' },
];
const articles = (items: { ARTICLE: string }[]) => items.map((item) => item.ARTICLE);

describe('filterSuggestions', () => {
  it('matches the article case-insensitively, the exact article first', () => {
    expect(articles(filterSuggestions(catalogue, 'кст105'))).toEqual(['КСТ105А', 'КСТ1051']);
    expect(articles(filterSuggestions(catalogue, 'кст105а'))).toEqual(['КСТ105А']);
  });

  it('ignores hyphens of articles', () => {
    expect(articles(filterSuggestions(catalogue, 'ПЕР221'))).toEqual(['ПЕР-221']);
    expect(articles(filterSuggestions(catalogue, 'КСТ105-А'))).toEqual(['КСТ105А']);
  });

  it('matches the name ignoring quotes, case and repeated spaces', () => {
    expect(articles(filterSuggestions(catalogue, '«ПРОФИ»   с  сОП'))).toEqual(['КСТ105А']);
    expect(articles(filterSuggestions(catalogue, '"мастер"'))).toEqual(['БТК310']);
  });

  it('ranks article matches, then names that start with the query, then names that contain it', () => {
    const items = [
      { ARTICLE: 'ЖЛТ030', NAME: 'Жилет к костюму «Профи»' },
      { ARTICLE: 'КСТ200', NAME: 'Костюм рабочий' },
      { ARTICLE: 'ЗАЩ001', NAME: 'Костюм защитный' },
    ];
    expect(articles(filterSuggestions(items, 'кост'))).toEqual(['КСТ200', 'ЗАЩ001', 'ЖЛТ030']);
    expect(articles(filterSuggestions(items, 'кст'))).toEqual(['КСТ200']);
  });

  it('falls back to every word in the name, in any order, only when nothing matches whole', () => {
    expect(articles(filterSuggestions(catalogue, 'профи костюм'))).toEqual(['КСТ105А']);
    expect(articles(filterSuggestions(catalogue, 'сигнальный   «профи» жилет'))).toEqual(['ЖЛТ020']);
    // «костюм» matches whole, so the word pass does not add the gloves.
    expect(articles(filterSuggestions(catalogue, 'костюм'))).toEqual(['КСТ105А', 'КСТ1051']);
    expect(filterSuggestions(catalogue, 'костюм мастер')).toEqual([]);
  });

  it('answers nothing for an empty query and respects the limit', () => {
    expect(filterSuggestions(catalogue, ' " ')).toEqual([]);
    expect(filterSuggestions(catalogue, 'о', 2)).toHaveLength(2);
  });

  it('answers only candidates that hold the query or all its words, never more than the limit', () => {
    fc.assert(
      fc.property(fc.constantFrom('костюм', 'профи', 'кст', 'мастер ботинки', 'нет такого', 'с'), fc.integer({ min: 1, max: 5 }), (query, limit) => {
        const found = filterSuggestions(catalogue, query, limit);
        expect(found.length).toBeLessThanOrEqual(limit);
        for (const item of found) {
          const text = `${item.ARTICLE} ${item.NAME}`.toLowerCase().replace(/[«»"]/g, '');
          expect(query.split(' ').every((word) => text.includes(word))).toBe(true);
        }
      }),
    );
  });
});

describe('nameHasAllWords', () => {
  it('needs every word, in any order', () => {
    expect(nameHasAllWords('Ботинки кожаные «Мастер»', 'мастер КОЖАНЫЕ')).toBe(true);
    expect(nameHasAllWords('Ботинки кожаные «Мастер»', 'мастер зимние')).toBe(false);
    expect(nameHasAllWords('Ботинки', '  ')).toBe(false);
  });
});
