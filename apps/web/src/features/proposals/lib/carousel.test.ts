import { describe, expect, it } from 'vitest';
import { rotateNext, rotatePrevious, shiftTo, startingAt } from './carousel';

describe('carousel rotation (spec §4: next, previous, shift)', () => {
  const list = [1, 2, 3, 4];
  it('next brings the second item to the front, previous the last one', () => {
    expect(rotateNext(list)).toEqual([2, 3, 4, 1]);
    expect(rotatePrevious(list)).toEqual([4, 1, 2, 3]);
    expect(rotatePrevious(rotateNext(list))).toEqual(list);
  });
  it('shift brings a chosen item to the front keeping the circle', () => {
    expect(shiftTo(list, 2)).toEqual([3, 4, 1, 2]);
    expect(shiftTo(list, -1)).toEqual([4, 1, 2, 3]);
    expect(shiftTo([], 3)).toEqual([]);
  });
  it('one or no item does not move', () => {
    expect(rotateNext([1])).toEqual([1]);
    expect(rotatePrevious([])).toEqual([]);
  });
  it('starts at the chosen id, or keeps the order for an unknown one', () => {
    const images = [{ id: 5 }, { id: 7 }, { id: 9 }];
    expect(startingAt(images, 9).map((image) => image.id)).toEqual([9, 5, 7]);
    expect(startingAt(images, 1).map((image) => image.id)).toEqual([5, 7, 9]);
    expect(startingAt(images, null).map((image) => image.id)).toEqual([5, 7, 9]);
  });
});
