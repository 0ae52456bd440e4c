import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './index';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('the value was expected to be refused');
  return result.error.issues[0]!.message;
};

describe('Russian messages of text limits', () => {
  it('puts «символ» in the genitive the count asks for', () => {
    expect(messageOf(z.string().max(1), 'ab')).toContain('не длиннее 1 символа');
    expect(messageOf(z.string().max(21), 'a'.repeat(22))).toContain('не длиннее 21 символа');
    expect(messageOf(z.string().max(11), 'a'.repeat(12))).toContain('не длиннее 11 символов');
    expect(messageOf(z.string().max(3), 'abcd')).toContain('не длиннее 3 символов');
    expect(messageOf(z.string().max(100), 'a'.repeat(101))).toContain('не длиннее 100 символов');
    expect(messageOf(z.string().min(31), 'a')).toContain('не короче 31 символа');
  });
});
