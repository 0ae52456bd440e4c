import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { AddressAutocomplete } from './address-autocomplete';

function Field({ saved }: { saved?: string[] }) {
  const [value, setValue] = useState('');
  return <AddressAutocomplete label="Адрес доставки" value={value} onChange={setValue} saved={saved} />;
}

afterEach(() => vi.restoreAllMocks());

describe('AddressAutocomplete', () => {
  it('asks the suggestion service with the token and offers its addresses, saved ones first', async () => {
    localStorage.setItem('id_token', 'token-1');
    // A new Response per call: a body can be read once.
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify({ suggestions: [{ value: 'г Казань, ул Баумана', unrestricted_value: 'Респ Татарстан, г Казань, ул Баумана', data: {} }] }), { status: 200 }),
    );
    renderWithProviders(<Field saved={['420111, г Казань, ул Пушкина, д 1']} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Адрес доставки' }), 'казань');
    // jsdom does not run the dropdown's transition: the options are there but not "visible".
    expect(await screen.findByRole('option', { name: 'Респ Татарстан, г Казань, ул Баумана', hidden: true })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual([
      '420111, г Казань, ул Пушкина, д 1',
      'Респ Татарстан, г Казань, ул Баумана',
    ]);
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe('/suggestions/api/4_1/rs/suggest/address');
    expect(JSON.parse(String(init?.body))).toEqual({ query: 'казань', count: 10 });
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('says the suggestions are unavailable and reports the failure, still taking typed text (spec §8)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Подсказки адресов сейчас недоступны' }, response: null }), { status: 503 }),
    );
    renderWithProviders(<Field />);
    const input = screen.getByRole('combobox', { name: 'Адрес доставки' });
    await userEvent.type(input, 'г Тула, ул Советская, д 5');
    expect(await screen.findByText('Подсказки адресов недоступны — введите адрес полностью вручную.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('error-snackbar-message')).toHaveTextContent('Request GET_ADDRESS_SUGGESTIONS error: Подсказки адресов сейчас недоступны'));
    expect(input).toHaveValue('г Тула, ул Советская, д 5');
  });
});
