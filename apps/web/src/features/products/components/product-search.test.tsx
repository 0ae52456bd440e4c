import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { ProductSearch, searchTarget } from './product-search';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{decodeURIComponent(location.pathname + location.search)}</output>;
}

const suggestions = [
  { ID: 1, ARTICLE: 'КСТ105А', NAME: 'Костюм летний «Профи»' },
  { ID: 2, ARTICLE: 'КСТ1051', NAME: 'Костюм зимний «Север»' },
];

/** A fetch that answers suggestions after a pause, and records the queries asked. */
function mockSuggestions(answer: (query: string) => unknown[], delay = 50) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const query = url.searchParams.get('QUERY') ?? '';
    asked.push(query);
    await new Promise((resolve) => setTimeout(resolve, delay));
    return new Response(JSON.stringify({ error: null, response: answer(query) }), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

// jsdom gives the input no size, so Mantine's popover takes it for detached and keeps the list display:none; the
// options are there all the same (the end-to-end test sees them in Chromium).
const option = (name: RegExp) => screen.findByRole('option', { name, hidden: true }, { timeout: 3000 });

describe('ProductSearch', () => {
  it('asks for suggestions only from 2 characters, after the pause, and shows «Поиск...» meanwhile', async () => {
    const asked = mockSuggestions(() => suggestions, 400);
    renderWithProviders(<ProductSearch />);
    const input = screen.getByRole('textbox', { name: 'Поиск товара' });
    await userEvent.type(input, 'к');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(asked).toEqual([]);
    await userEvent.type(input, 'ст');
    expect(await screen.findByText('Поиск...')).toBeInTheDocument();
    expect(await option(/КСТ105А/)).toBeInTheDocument();
    expect(asked).toEqual(['кст']);
  });

  it('shows «Поиск...» while a new query loads, never the previous query\'s products', async () => {
    mockSuggestions((query) => (query === 'кст' ? suggestions : [{ ID: 9, ARTICLE: 'БТН200', NAME: 'Ботинки «Мастер»' }]), 400);
    renderWithProviders(<ProductSearch />);
    const input = screen.getByRole('textbox', { name: 'Поиск товара' });
    await userEvent.type(input, 'кст');
    await option(/КСТ105А/);
    await userEvent.clear(input);
    await userEvent.type(input, 'бот');
    expect(await screen.findByText('Поиск...')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /КСТ105А/, hidden: true })).toBeNull();
    expect(await option(/БТН200/)).toBeInTheDocument();
    expect(screen.queryByText('Поиск...')).toBeNull();
  });

  it('makes every suggestion a link to its page, so it can open in a new tab', async () => {
    mockSuggestions(() => suggestions);
    renderWithProviders(<ProductSearch to="order" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Поиск товара' }), 'кст');
    const first = await option(/КСТ105А/);
    expect(first.querySelector('a')).toHaveAttribute('href', `/order/${encodeURIComponent('КСТ105А')}`);
    expect((await option(/КСТ1051/)).querySelector('a')).toHaveAttribute('href', `/order/${encodeURIComponent('КСТ1051')}`);
  });

  it('says «Не найдено» when nothing matches', async () => {
    mockSuggestions(() => []);
    renderWithProviders(<ProductSearch />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Поиск товара' }), 'щщщ');
    expect(await screen.findByText('Не найдено', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('moves through suggestions with the arrows and opens one with Enter', async () => {
    mockSuggestions(() => suggestions);
    renderWithProviders(
      <>
        <ProductSearch to="order" />
        <Location />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Поиск товара' });
    await userEvent.type(input, 'кст');
    await option(/КСТ1051/);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/КСТ1051'));
  });

  it('runs a full search on Enter: the ЛЛЛЦЦЦЛ hyphen and option 0, or option 2 for words', async () => {
    mockSuggestions(() => []);
    renderWithProviders(
      <>
        <ProductSearch />
        <Location />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Поиск товара' });
    await userEvent.type(input, 'кст105а{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/КСТ105-А'));
    await userEvent.clear(input);
    await userEvent.type(input, 'ботинки  мастер{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/ботинки мастер?option=2'));
  });

  it('builds the address of a search from the input', () => {
    expect(searchTarget('product', 'КСТ105')).toBe(`/product/${encodeURIComponent('КСТ105')}`);
    expect(searchTarget('order', ' каска ')).toBe(`/order/${encodeURIComponent('каска')}?option=2`);
  });
});
