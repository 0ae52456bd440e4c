import { SUGGESTION_DEBOUNCE_MS } from '@portal/domain';
import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

/** A fetch that answers suggestions (once `answered(query)` settles), and records the queries asked. */
function mockSuggestions(answer: (query: string) => unknown[], answered: (query: string) => Promise<void> = async () => {}) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const query = url.searchParams.get('QUERY') ?? '';
    asked.push(query);
    await answered(query);
    return new Response(JSON.stringify({ error: null, response: answer(query) }), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

// jsdom gives the input no size, so Mantine's popover takes it for detached and keeps the list display:none; the
// options are there all the same (the end-to-end test sees them in Chromium).
const option = (name: RegExp) => screen.findByRole('option', { name, hidden: true });

describe('ProductSearch', () => {
  it('asks for suggestions only from 2 characters, after the pause, and shows «Поиск...» meanwhile', async () => {
    // The pause is counted on a fake clock, so a busy machine cannot stretch it, and the answer waits until the test
    // releases it, so «Поиск...» stays on screen while the test looks. While the clock is fake the test types with
    // fireEvent and looks with getBy: Testing Library's async helpers wait on a zero-delay timer the fake clock would
    // hold, and React Query flushes on microtasks instead of its default zero-delay timer for the same reason.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(new URL(String(input), 'http://localhost').searchParams.get('QUERY') ?? '');
      await answered;
      return new Response(JSON.stringify({ error: null, response: suggestions }), { headers: { 'content-type': 'application/json' } });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    notifyManager.setScheduler(queueMicrotask);
    try {
      renderWithProviders(<ProductSearch />);
      const input = screen.getByRole('textbox', { name: 'Поиск товара' });

      fireEvent.change(input, { target: { value: 'к' } });
      await act(() => vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 200));
      expect(asked).toEqual([]);

      fireEvent.change(input, { target: { value: 'кст' } });
      await act(() => vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1));
      expect(asked).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(asked).toEqual(['кст']);
      expect(screen.getByText('Поиск...')).toBeInTheDocument();
    } finally {
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
      vi.useRealTimers();
    }
    release();
    expect(await option(/КСТ105А/)).toBeInTheDocument();
    expect(screen.queryByText('Поиск...')).not.toBeInTheDocument();
    expect(asked).toEqual(['кст']);
  });

  it('shows «Поиск...» while a new query loads, never the previous query\'s products', async () => {
    // The second query's answer waits until the test lets it go, so «while it loads» is a state, not a moment.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mockSuggestions(
      (query) => (query === 'кст' ? suggestions : [{ ID: 9, ARTICLE: 'БТН200', NAME: 'Ботинки «Мастер»' }]),
      (query) => (query === 'кст' ? Promise.resolve() : held),
    );
    renderWithProviders(<ProductSearch />);
    const input = screen.getByRole('textbox', { name: 'Поиск товара' });
    await userEvent.type(input, 'кст');
    await option(/КСТ105А/);
    await userEvent.clear(input);
    await userEvent.type(input, 'бот');
    expect(await screen.findByText('Поиск...')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /КСТ105А/, hidden: true })).toBeNull();
    release();
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
    expect(await screen.findByText('Не найдено')).toBeInTheDocument();
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
