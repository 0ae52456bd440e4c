import { describe, expect, it } from 'vitest';
import { ORGANISATION } from './constants';
import { organisationName } from './organisation-name';

describe('organisationName', () => {
  it('names each selling organisation by its guid', () => {
    expect(organisationName(ORGANISATION.FRO)).toBe('ООО «ФРО»');
    expect(organisationName(ORGANISATION.ES)).toBe('ООО «ЭС»');
  });

  it('shows an unknown guid as itself, or as the fallback given', () => {
    expect(organisationName('f0f0-unknown')).toBe('f0f0-unknown');
    expect(organisationName('f0f0-unknown', 'ООО «Склад»')).toBe('ООО «Склад»');
    expect(organisationName('', '—')).toBe('—');
  });

  it('takes no name from the object prototype', () => {
    expect(organisationName('toString', '—')).toBe('—');
    expect(organisationName('constructor')).toBe('constructor');
  });
});
