import { describe, expect, it } from 'vitest';
import { createRandom } from '../../seed/random';
import { NameWordsBuilder } from './name-words';

/**
 * The in-memory name search against the rule it keeps, checked by brute force: words of every frequency (so both the
 * bitmaps of common words and the galloping through short lists are taken, alone and together), names with a word
 * twice, queries of pieces of words, and every limit.
 */
describe('name words in memory', () => {
  const rng = createRandom(2026);
  const below = (n: number) => Math.floor(rng.next() * n);
  // Common words (bitmapped), middling ones and rare ones (short lists), some lying within others.
  const common = ['костюм', 'синий', 'серый/синий', 'летний'];
  const middling = Array.from({ length: 30 }, (_, i) => `мастер${i}`);
  const rare = Array.from({ length: 400 }, (_, i) => `редкий${i}ф`);
  const size = 5000;
  const names = Array.from({ length: size }, () => {
    const words = [common[below(common.length)]!];
    if (rng.next() < 0.5) words.push(middling[below(middling.length)]!);
    if (rng.next() < 0.3) words.push(rare[below(rare.length)]!);
    if (rng.next() < 0.05) words.push(words[0]!);
    return words.join(' ');
  });
  const builder = new NameWordsBuilder();
  names.forEach((name, place) => builder.add(place, name));
  const index = builder.build(size);
  const expected = (query: string[], limit: number) =>
    names
      .map((name, place) => ({ words: name.split(' '), place }))
      .filter(({ words }) => query.every((piece) => words.some((word) => word.includes(piece))))
      .map(({ place }) => place)
      .slice(0, limit);

  it('finds the products whose words hold every query word, in order, up to the limit', () => {
    const pieces = [...common, 'син', 'ний', 'стюм', ...middling.slice(0, 12), 'мастер1', 'стер2', ...rare.slice(0, 40), 'редкий1', 'кий3', 'нет такого'];
    let found = 0;
    for (let n = 0; n < 600; n++) {
      const query = Array.from({ length: 1 + below(3) }, () => pieces[below(pieces.length)]!);
      const limit = [1, 5, 60, size][below(4)]!;
      const answer = index.search(query, limit);
      expect(answer, `${query.join(' ')} / ${limit}`).toEqual(expected(query, limit));
      if (answer.length > 0) found++;
    }
    expect(found).toBeGreaterThan(200);
  });

  it('finds nothing for no words, a zero limit or a word no name has', () => {
    expect(index.search([], 60)).toEqual([]);
    expect(index.search(['костюм'], 0)).toEqual([]);
    expect(index.search(['костюм', 'щщщ'], 60)).toEqual([]);
  });
});
