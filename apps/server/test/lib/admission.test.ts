/**
 * Admission: at most `limit` pieces of work run at once, the rest start in the order they came, and a piece that
 * fails gives its place to the next like one that succeeds.
 */
import { describe, expect, it } from 'vitest';
import { admission } from '../../src/lib/admission';

/** A piece of work that runs until `finish` is called. */
function gated() {
  let finish!: (failure?: Error) => void;
  const done = new Promise<void>((resolve, reject) => (finish = (failure) => (failure ? reject(failure) : resolve())));
  return { done, finish };
}

describe('admission', () => {
  it('runs at most the limit at once and starts the others in the order they came', async () => {
    const writes = admission(2);
    const started: number[] = [];
    const pieces = Array.from({ length: 5 }, () => gated());
    const runs = pieces.map((piece, i) =>
      writes.run(async () => {
        started.push(i);
        await piece.done;
        return i;
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(writes.waiting).toBe(3);

    pieces[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A failure gives its place on as well.
    pieces[0]!.finish(new Error('Остатки менялись'));
    await expect(runs[0]).rejects.toThrow('Остатки менялись');
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);

    for (const piece of pieces.slice(2)) piece.finish();
    expect(await Promise.all(runs.slice(1))).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(writes.waiting).toBe(0);
  });

  it('admits at once again when everything before has finished', async () => {
    const writes = admission(1);
    expect(await writes.run(async () => 'первый')).toBe('первый');
    expect(await writes.run(async () => 'второй')).toBe('второй');
    expect(writes.waiting).toBe(0);
  });
});
