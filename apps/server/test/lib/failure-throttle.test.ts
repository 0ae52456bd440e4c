import { describe, expect, it } from 'vitest';
import { FailureThrottle } from '../../src/lib/failure-throttle';

describe('FailureThrottle', () => {
  it('blocks an address at the limit until the window of its first failure ends, and others not at all', () => {
    let now = 0;
    const throttle = new FailureThrottle(3, 1000, () => now);
    throttle.fail('a');
    now = 400;
    throttle.fail('a');
    expect(throttle.isBlocked('a')).toBe(false);
    throttle.fail('a');
    expect(throttle.isBlocked('a')).toBe(true);
    expect(throttle.isBlocked('b')).toBe(false);
    now = 999;
    expect(throttle.isBlocked('a')).toBe(true);
    now = 1000;
    expect(throttle.isBlocked('a')).toBe(false);
    // A new window starts with the next failure.
    throttle.fail('a');
    expect(throttle.isBlocked('a')).toBe(false);
  });
});
