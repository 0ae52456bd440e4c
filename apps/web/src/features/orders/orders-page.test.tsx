import { CHECK_STATUS_NAMES, ORGANISATION, PRICE_TYPE } from '@portal/domain';
import { payloadOf, workingOrderWire, type TOrderApproval, type TOrderCheck, type TOrderListItem, type TProductSearchResult } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testContract, testMembership } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { useOrderStore } from './model/order-store';
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

const urlOf = (input: unknown) => String(input instanceof Request ? input.url : input);

/**
 * The history answers one page holding `list`; the orders kept «На согласовании» answer `approvals`; the company
 * filter's list of companies is empty.
 */
function mockApi(list: TOrderListItem[], approvals: TOrderApproval[] = []) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = urlOf(input);
    const response = url.includes('/order-approvals') ? approvals : url.includes('/orders/history') ? { items: list, next: null } : [];
    return new Response(JSON.stringify({ error: null, response }), { status: 200 });
  });
}

function renderOrders(list: TOrderListItem[], approvals: TOrderApproval[] = []) {
  mockApi(list, approvals);
  renderWithProviders(<OrdersPage />);
}

const approval = (id: number, fields: Partial<TOrderApproval>): TOrderApproval => ({
  id,
  state: 'pending',
  date: 1_770_000_000,
  partner_guid: 'p',
  partner_name: 'ООО «СпецСнаб»',
  purchaser: 'Закупкин Олег',
  total: 61_234.5,
  count: 2,
  total_count: 40,
  held_for: 'Сумма заказа 61 234.50 ₽ больше лимита закупщика на один заказ 50 000.00 ₽.',
  reason: '',
  can_decide: false,
  mine: true,
  order: { partner_id: 'p', edit: false, comment: '', delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' }, request_certificate: false, bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0 }, position: [], position_presail: [] },
  ...fields,
});

describe('OrdersPage orders kept «На согласовании»', () => {
  it('shows the purchaser the state and the reason of a rejection, and the administrator «Согласовать» / «Отклонить»', async () => {
    renderOrders(
      [],
      [
        approval(1, {}),
        approval(2, { state: 'rejected', reason: 'Бюджет исчерпан' }),
        approval(3, { mine: false, can_decide: true }),
      ],
    );
    const waiting = await screen.findByTestId('approval-1');
    expect(within(waiting).getByTestId('approval-state')).toHaveTextContent('На согласовании');
    expect(within(waiting).getByTestId('approval-total')).toHaveTextContent(/^61\s234\.50 ₽$/);
    expect(within(waiting).queryByRole('button', { name: 'Согласовать' })).toBeNull();
    expect(within(screen.getByTestId('approval-2')).getByTestId('approval-state')).toHaveTextContent('Отклонён');
    expect(within(screen.getByTestId('approval-2')).getByTestId('approval-reason')).toHaveTextContent('Причина: Бюджет исчерпан');
    const deciding = screen.getByTestId('approval-3');
    expect(within(deciding).getByText(/закупщик Закупкин Олег/)).toBeInTheDocument();
    expect(within(deciding).getByRole('button', { name: 'Согласовать' })).toBeEnabled();
    expect(within(deciding).getByRole('button', { name: 'Отклонить' })).toBeEnabled();
  });

  it('lets the purchaser take a rejected order back into the working order, priced today, to change and send again', async () => {
    const jacket: TProductSearchResult = {
      PRODUCT: {
        ID: 7, UID: 'pkb-100a', NAME: 'Куртка летняя', TYPE: 'wear', ARTICLE: 'ПКБ100-А', PRICE: 2000, PRICE_OPT: 1800, PRICE_NET: 1800, WEIGHT: 1, VALUME: 1,
        DETAIL_TEXT: '', STATUS: '', VIDEO: null, CHARACTERISTICS: [], MAX_DISCOUNT: 0,
      },
      OFFERS: [
        { ID: 71, CHARACTERISTIC: '48', RESIDUE: 10, PRICE: 1800, PPDATA: '', GUID: 'offer-71', ORGGUID: ORGANISATION.FRO },
        { ID: 72, CHARACTERISTIC: '50', RESIDUE: 10, PRICE: 1800, PPDATA: '', GUID: 'offer-72', ORGGUID: ORGANISATION.FRO },
      ],
      FOUND: [],
      IMAGES: [],
      PROTECT: '',
      VIDEO: null,
      PRICETYPE: { id: PRICE_TYPE.DEALER, name: 'Дилерская' },
    };
    const line = (guid: string, quantity: number) => ({ guid, orgguid: ORGANISATION.FRO, quantity, price: 1620, fullprice: 1800, discount: 0.1 });
    const rejected = approval(2, {
      state: 'rejected',
      reason: 'Уменьшите количество',
      order: {
        partner_id: 'p',
        edit: false,
        comment: 'Для склада № 2',
        delivery: { address: 'Москва, ул. Тверская, 7', case: 'delivery', date: '2026-03-02', cost: 0, bill_to: '' },
        request_certificate: true,
        bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0 },
        position: [{ guid: 'pkb-100a', characteristics: [line('offer-71', 4), line('offer-72', 2)] }],
        position_presail: [],
      },
    });
    useOrderStore.getState().reset();
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = urlOf(input);
      asked.push(url);
      const response = url.includes('/order-approvals')
        ? [rejected]
        : url.includes('/orders/history')
          ? { items: [], next: null }
          : url.includes('/partners')
            ? [{ uid: 'p', name: 'ООО «СпецСнаб»', inn: '7707083893', ...testMembership('buyer'), storages: [testContract(ORGANISATION.FRO)] }]
            : url.includes('/product/search')
              ? jacket
              : [];
      return new Response(JSON.stringify({ error: null, response }), { status: 200 });
    });
    renderWithProviders(<OrdersPage />, { route: '/orders' });

    const card = await screen.findByTestId('approval-2');
    await userEvent.click(within(card).getByRole('button', { name: 'Изменить и отправить снова' }));
    await waitFor(() => expect(useOrderStore.getState().order.position).toHaveLength(1));
    const { order: working } = useOrderStore.getState();
    expect(asked.some((url) => url.includes('/product/search') && url.includes('QUERY=pkb-100a') && url.includes('OPTION=9'))).toBe(true);
    expect(working).toMatchObject({ partner_id: 'p', edit: false, comment: 'Для склада № 2', request_certificate: true });
    // The delivery is kept but its date is chosen again, as for «Создать на основе».
    expect(working.delivery).toMatchObject({ address: 'Москва, ул. Тверская, 7', case: 'delivery', date: '' });
    expect(working.position[0]!.characteristics.map((each) => [each.GUID, each.count])).toEqual([
      ['offer-71', 4],
      ['offer-72', 2],
    ]);
    expect(working.total_count).toBe(6);
    // It is sent instead of that rejected order, and the link is part of what is synced to the other devices.
    expect(working.replaces_approval).toBe(2);
    expect(payloadOf(working).replaces_approval).toBe(2);
    expect(workingOrderWire(working).replaces_approval).toBe(2);
    // Chosen for another company, it is a new order: the link goes.
    useOrderStore.getState().patch({ partner_id: 'other' });
    expect(useOrderStore.getState().order.replaces_approval).toBeUndefined();
  });

  it('offers taking an order back only to its purchaser and only once it is rejected', async () => {
    renderOrders([], [approval(1, {}), approval(3, { mine: false, can_decide: true, state: 'rejected', reason: 'Нет' })]);
    await screen.findByTestId('approval-1');
    expect(screen.queryByRole('button', { name: 'Изменить и отправить снова' })).toBeNull();
  });

  it('shows no section when nothing waits', async () => {
    renderOrders([order(10050, [check(10050, 'ООО «ФРО»', 1)])]);
    await screen.findByTestId('order-10050');
    expect(screen.queryByTestId('order-approvals')).toBeNull();
  });
});

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
    mockApi([order(10041, [check(10041, 'ФРО', 1)]), order(10042, [check(10042, 'ФРО', 1)])]);
    renderWithProviders(<OrdersPage />, { route: '/orders?n=10042' });
    await screen.findByTestId('order-10042');
    expect(shown).toEqual(['order-10042']);
    expect(screen.getByTestId('order-10042').style.boxShadow).not.toBe('');
    expect(screen.getByTestId('order-10041').style.boxShadow).toBe('');
  });
});
