import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signInHash } from './sign-in-hash';

describe('signInHash', () => {
  it('is the lowercase hex HMAC-SHA256 of the timestamp text keyed with the salt', () => {
    expect(signInHash(1700000000000, 'dealer-portal')).toBe(
      createHmac('sha256', 'dealer-portal').update('1700000000000').digest('hex'),
    );
  });
  it('agrees with node:crypto for any timestamp and salt', () => {
    fc.assert(
      fc.property(fc.nat(), fc.string({ minLength: 1 }), (timestamp, salt) => {
        expect(signInHash(timestamp, salt)).toBe(createHmac('sha256', salt).update(String(timestamp)).digest('hex'));
      }),
    );
  });
  it('changes with the salt', () => {
    expect(signInHash(1, 'a')).not.toBe(signInHash(1, 'b'));
  });
});
