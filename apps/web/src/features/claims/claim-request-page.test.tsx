import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCompany } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { ClaimRequestPage } from './claim-request-page';

afterEach(() => vi.unstubAllGlobals());

// The autosizing textarea listens for web fonts, which jsdom lacks.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

const answer = (response: unknown, status = 200) => new Response(JSON.stringify({ error: null, response }), { status });

/** Order 10010 of the second company: one jacket, three ordered. */
const ORDER_DETAIL = {
  partner_id: 'company-2',
  position: [
    {
      guid: 'p-КРТ-2',
      article: 'КРТ-2',
      product: { ID: '1', ARTICLE: 'КРТ-2', NAME: 'Куртка-парка «Мастер»', UID: 'u-КРТ-2' },
      characteristics: [{ GUID: 'offer-1', CHARACTERISTIC: '170-176/88-92', count: 3 }],
    },
  ],
  position_presail: [],
};

/** GET /api/partners answers two companies, GET /api/user/order/10010 its detail; POST /api/user/claims/add answers claim 41. */
function portalFetch() {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
    if (String(url).startsWith('/api/partners')) return answer([testCompany('company-1', 'ООО «СпецСнаб»'), testCompany('company-2', 'ООО «Профи»')]);
    if (String(url) === '/api/user/order/10010') return answer(ORDER_DETAIL);
    if (String(url) === '/api/user/claims/add') return answer({ id: 41 }, 201);
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'нет' }, response: null }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The multipart body of the claim sent, once it has been sent. */
async function sentClaim(fetchMock: ReturnType<typeof portalFetch>): Promise<FormData> {
  const sent = () => fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/claims/add');
  await waitFor(() => expect(sent()).toBeDefined());
  return sent()![1]!.body as FormData;
}

const SHORT_MESSAGE = 'Опишите проблему подробнее: не меньше 10 символов.';

describe('ClaimRequestPage', () => {
  it('words the message rule as the claim contract does and clears it as soon as the text is long enough', async () => {
    const fetchMock = portalFetch();
    renderWithProviders(<ClaimRequestPage />);
    // The company is chosen for the dealer once the companies load.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Компания/ })).toHaveValue('ООО «СпецСнаб»'));

    await userEvent.type(screen.getByLabelText(/Описание проблемы/), 'Шов');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить рекламацию' }));
    expect(screen.getByText(SHORT_MESSAGE)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/user/claims/add')).toBe(false);

    // Still short: the error stays; long enough: it goes before any new submit.
    await userEvent.type(screen.getByLabelText(/Описание проблемы/), ' ра');
    expect(screen.getByText(SHORT_MESSAGE)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Описание проблемы/), 'зошёлся');
    expect(screen.queryByText(SHORT_MESSAGE)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Отправить рекламацию' }));
    const body = await sentClaim(fetchMock);
    expect(body.get('partner_guid')).toBe('company-1');
    expect(body.get('message')).toBe('Шов разошёлся');
    expect(body.get('title')).toBe('Производственный брак');
  });

  it('started from an order, takes the order\'s company, asks for its lines until one is ticked, and sends them', async () => {
    const fetchMock = portalFetch();
    renderWithProviders(<ClaimRequestPage />, { route: '/claims/request?order=10010' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Компания/ })).toHaveValue('ООО «Профи»'));
    await userEvent.type(screen.getByLabelText(/Описание проблемы/), 'Разошёлся шов на рукаве');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить рекламацию' }));
    const LINES = 'Отметьте товары заказа, по которым рекламация, и их количество';
    expect(screen.getByText(LINES)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: /Выбрать КРТ-2/ }));
    expect(screen.queryByText(LINES)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить рекламацию' }));
    const body = await sentClaim(fetchMock);
    expect(body.get('partner_guid')).toBe('company-2');
    expect(body.get('order')).toBe('10010');
    expect(JSON.parse(String(body.get('products')))).toEqual([
      { guid: 'offer-1', article: 'КРТ-2', name: 'Куртка-парка «Мастер»', characteristic: '170-176/88-92', quantity: 1 },
    ]);
    // Settling the company must not re-render the form for ever: the order's company was set once.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/order/10010')).toHaveLength(1);
  });
});
