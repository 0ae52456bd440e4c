import { describe, expect, it } from 'vitest';
import { companyInUse } from './company-in-use';
import { testCompany } from './testing/companies';

describe('companyInUse', () => {
  const companies = [testCompany('specsnab', 'ООО «СпецСнаб»'), testCompany('petrov', 'ИП Петров')];
  it('is the chosen company when it is one of the user’s', () => {
    expect(companyInUse(companies, 'petrov')?.uid).toBe('petrov');
  });
  it('falls back to the first company for nothing chosen or a company of another user on this browser', () => {
    expect(companyInUse(companies, '')?.uid).toBe('specsnab');
    expect(companyInUse(companies, 'technoshield')?.uid).toBe('specsnab');
    expect(companyInUse([], 'petrov')).toBeUndefined();
  });
});
