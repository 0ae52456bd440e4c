import { screen, within } from '@testing-library/react';
import { ORGANISATION, addDays, moscowDay } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { OffersTable } from './offers-table';

/** PPDATA's «dd.mm.yyyy» of the Moscow day `days` from today. */
const ppdataDay = (days: number) => addDays(moscowDay(Date.now()), days).split('-').reverse().join('.');

const offer = (id: number, size: string, ppdata: string) => ({
  ID: id, CHARACTERISTIC: size, RESIDUE: 0, PRICE: 1000, PRICE_LIST: 1400, PPDATA: ppdata, GUID: `o${id}`, ORGGUID: ORGANISATION.FRO,
});

describe('OffersTable: the next supply', () => {
  it('shows an upcoming arrival with its date and a past one as «срок уточняется», never as upcoming', () => {
    const ahead = ppdataDay(12);
    const past = ppdataDay(-30);
    renderWithProviders(
      <OffersTable
        offers={[offer(1, '48-50', `25/${ahead}`), offer(2, '52-54', `25/${past}`), offer(3, '56-58', '')]}
        product={{ UID: 'u1', PRICE: 1400, PRICE_OPT: 1000, PRICE_NET: 1000 }}
      />,
    );
    const row = (size: string) => screen.getByText(size).closest('tr')!;
    expect(within(row('48-50')).getByText(`25 шт. к ${ahead}`)).toBeInTheDocument();
    expect(within(row('52-54')).getByText('25 шт., срок уточняется')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(past.replace(/\./g, '\\.')))).toBeNull();
    expect(within(row('56-58')).getByText('—')).toBeInTheDocument();
  });
});
