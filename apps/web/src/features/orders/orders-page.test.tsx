import { CHECK_STATUS_NAMES } from '@portal/domain';
import type { TOrderCheck, TOrderListItem } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { OrdersPage } from './orders-page';

afterEach(() => vi.restoreAllMocks());

const check = (n: number, org_name: string, status: number, StatusSchet = false): TOrderCheck => ({
  guid: `check-${n}-${org_name}`,
  id: String(n),
  org: org_name,
  org_name,
  status,
  status_name: CHECK_STATUS_NAMES[status]!,
  total: 1000,
  doc_status: { id: `check-${n}-${org_name}`, StatusSchet, StatusSF: false, StatusUPD: false, StatusUPK: false },
});

const order = (n: number, checks: TOrderCheck[], name = `Заказ № ${n}`, preorder_count = 0): TOrderListItem => ({
  n,
  name,
  date: 1_770_000_000,
  partner_guid: 'p',
  partner_name: 'ООО «СпецСнаб»',
  reserved: checks.every((c) => c.status === 1 || c.status === 6),
  checks,
  upd: false,
  edit: false,
  total: 1000 * checks.length,
  count: 1,
  total_count: 12,
  preorder_count,
});

/** The history answers one page holding `list`; the company filter's list of companies is empty. */
function renderOrders(list: TOrderListItem[], route?: string) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const history = String(input instanceof Request ? input.url : input).includes('/orders/history');
    const response = history ? { items: list, next: null } : [];
    return new Response(JSON.stringify({ error: null, response }), { status: 200 });
  });
  renderWithProviders(<OrdersPage />, route ? { route } : undefined);
}

const checkRow = (n: number, orgName: string) => screen.getByTestId(`check-check-${n}-${orgName}`);

describe('OrdersPage bill requests', () => {
  it('offers «Запросить счёт» only for a check in reserve; a pre-order check shows it disabled with the reason', async () => {
    renderOrders([
      order(10001, [check(10001, 'ООО «ФРО»', 1), check(10001, 'ООО «ЭС»', 6, true)]),
      order(10002, [check(10002, 'ООО «ФРО»', 2, true), check(10002, 'ООО «ЭС»', 3, true)]),
      order(10003, [check(10003, 'ООО «ФРО»', 4), check(10003, 'ООО «ЭС»', 5)]),
    ]);
    await screen.findByTestId('order-10001');
    const billButton = (n: number, org: string) => within(checkRow(n, org)).queryByRole('button', { name: 'Запросить счёт' });
    expect(billButton(10001, 'ООО «ФРО»')).toBeEnabled();
    expect(billButton(10001, 'ООО «ЭС»')).toBeNull();
    expect(billButton(10002, 'ООО «ФРО»')).toBeNull();
    expect(billButton(10002, 'ООО «ЭС»')).toBeNull();
    expect(billButton(10003, 'ООО «ФРО»')).toBeNull();
    expect(billButton(10003, 'ООО «ЭС»')).toHaveAttribute('data-disabled');
    // Clicking the disabled one sends nothing: no bill request among the page's requests.
    billButton(10003, 'ООО «ЭС»')!.click();
    const urls = vi.mocked(globalThis.fetch).mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('/orders/history'))).toBe(true);
    expect(urls.some((url) => url.includes('/user/request/check'))).toBe(false);
  });
});

describe('OrdersPage invoice PDF', () => {
  it('offers «Счёт PDF» unless the order is cancelled (every check «Отменён»), like the server', async () => {
    renderOrders([
      order(10011, [check(10011, 'ООО «ФРО»', 4), check(10011, 'ООО «ЭС»', 4)]),
      order(10012, [check(10012, 'ООО «ФРО»', 4), check(10012, 'ООО «ЭС»', 1)]),
      order(10013, [check(10013, 'ООО «ФРО»', 3, true)]),
    ]);
    await screen.findByTestId('order-10011');
    expect(within(screen.getByTestId('order-10011')).queryByTestId('print-invoice')).toBeNull();
    expect(within(screen.getByTestId('order-10012')).getByTestId('print-invoice')).toHaveTextContent('Счёт PDF');
    expect(within(screen.getByTestId('order-10013')).getByTestId('print-invoice')).toBeInTheDocument();
  });
});

describe('OrdersPage reservation badges', () => {
  it('say what is reserved: a partly pre-ordered order is «В резерве» with its pre-order units beside, a wholly pre-ordered one «Без резерва», a shipped one «Отгружен»', async () => {
    renderOrders([
      order(10031, [check(10031, 'ООО «ФРО»', 1)], undefined, 10),
      order(10032, [check(10032, 'ООО «ФРО»', 5)], undefined, 12),
      order(10033, [check(10033, 'ООО «ФРО»', 3, true)]),
      order(10034, [check(10034, 'ООО «ФРО»', 1)]),
    ]);
    await screen.findByTestId('order-10031');
    const badges = (n: number) => within(screen.getByTestId(`order-${n}`));
    expect(badges(10031).getByTestId('order-reservation')).toHaveTextContent('В резерве');
    expect(badges(10031).getByTestId('order-preorder')).toHaveTextContent('10 шт. под заказ, без резерва');
    expect(badges(10032).getByTestId('order-reservation')).toHaveTextContent('Без резерва');
    expect(badges(10032).getByTestId('order-preorder')).toHaveTextContent('12 шт. под заказ, без резерва');
    // Wholly on pre-order: nothing is billed until it arrives, so no invoice to print yet.
    expect(badges(10032).queryByTestId('print-invoice')).toBeNull();
    expect(badges(10033).getByTestId('order-reservation')).toHaveTextContent('Отгружен');
    expect(badges(10034).getByTestId('order-reservation')).toHaveTextContent('В резерве');
    expect(badges(10034).queryByTestId('order-preorder')).toBeNull();
  });
});

describe('OrdersPage order names', () => {
  it('shows the name the dealer gave the order, and no second title for an unnamed one', async () => {
    renderOrders([order(10021, [check(10021, 'ООО «ФРО»', 3)], 'Куртки для бригады монтажников'), order(10022, [check(10022, 'ООО «ФРО»', 1)])]);
    const named = await screen.findByTestId('order-10021');
    expect(within(named).getByTestId('order-name')).toHaveTextContent('Куртки для бригады монтажников');
    expect(within(screen.getByTestId('order-10022')).queryByTestId('order-name')).toBeNull();
    expect(within(screen.getByTestId('order-10022')).getAllByText(/Заказ № 10022/)).toHaveLength(1);
  });
});

describe('OrdersPage opened on one order (?n=, the link after sending and in the order e-mail)', () => {
  it('marks that order and brings it into view, and no other', async () => {
    const shown: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      shown.push(this.getAttribute('data-testid') ?? '');
    });
    renderOrders([order(10041, [check(10041, 'ФРО', 1)]), order(10042, [check(10042, 'ФРО', 1)])], '/orders?n=10042');
    await screen.findByTestId('order-10042');
    expect(shown).toEqual(['order-10042']);
    expect(screen.getByTestId('order-10042').style.boxShadow).not.toBe('');
    expect(screen.getByTestId('order-10041').style.boxShadow).toBe('');
  });
});
