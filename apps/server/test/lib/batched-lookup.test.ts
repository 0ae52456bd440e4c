import { describe, expect, it } from 'vitest';
import { batchedLookup } from '../../src/lib/batched-lookup';

/** A load that records the keys of each call and answers the keys it knows. */
function recordingLoad(known: Record<string, number>) {
  const calls: string[][] = [];
  const load = async (keys: readonly string[]) => {
    calls.push([...keys]);
    return new Map(keys.filter((key) => key in known).map((key) => [key, known[key]!]));
  };
  return { calls, load };
}

const nextRound = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedLookup', () => {
  it('answers the lookups of one round of the event loop with one load of their distinct keys', async () => {
    const { calls, load } = recordingLoad({ a: 1, b: 2 });
    const lookup = batchedLookup(load);
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('unknown')]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(calls).toEqual([['a', 'b', 'unknown']]);
  });

  it('loads again in a later round: nothing is kept between rounds', async () => {
    const known: Record<string, number> = { a: 1 };
    const { calls, load } = recordingLoad(known);
    const lookup = batchedLookup(load);
    expect(await lookup('a')).toBe(1);
    delete known.a;
    await nextRound();
    expect(await lookup('a')).toBeUndefined();
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('sends a round at once when it holds the most keys a load takes', async () => {
    const { calls, load } = recordingLoad({ a: 1, b: 2, c: 3 });
    const lookup = batchedLookup(load, 2);
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('c')]);
    expect(answers).toEqual([1, 2, 3]);
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });

  it('fails every lookup of a round whose load failed, and the next round loads anew', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: readonly string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((key) => [key, key.length]));
    });
    const failed = await Promise.allSettled([lookup('a'), lookup('bb')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error('database gone'));
    fail = false;
    expect(await lookup('bb')).toBe(2);
  });
});
