/**
 * The delivery date picker offers working days only — no weekend, no holiday of the production calendar — and says
 * why a day kept in the order (from a draft) will be refused; the delivery cost is written with a dot (spec §9).
 */
import { blankOrder } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import type { WebOrder } from '../model/order-store';
import { OrderDelivery } from './order-checkout';

const order = (delivery: Partial<WebOrder['delivery']>): WebOrder => {
  const blank = blankOrder();
  return { ...blank, delivery: { ...blank.delivery, ...delivery } };
};

beforeEach(() => {
  // jsdom has no font loading API; the comment's autosizing textarea listens to it.
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  // Friday 27 November 2026, noon in Moscow: Saturday 28 and Sunday 29 follow, Monday 30 is a working day.
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z'), toFake: ['Date'] });
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ response: [] }), { headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('OrderDelivery', () => {
  it('offers working days only in the date picker', async () => {
    renderWithProviders(<OrderDelivery order={order({})} patch={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Дата' }));
    const day = (label: string) => screen.getByLabelText(label);
    await screen.findByText('ноябрь 2026', { exact: false });
    expect(day('27 ноября 2026')).toBeEnabled();
    expect(day('28 ноября 2026')).toBeDisabled();
    expect(day('29 ноября 2026')).toBeDisabled();
    expect(day('30 ноября 2026')).toBeEnabled();
    // December: 31 December is a day off moved from 4 January by the decree; 30 December is a working Wednesday.
    await userEvent.click(document.querySelector<HTMLElement>('[data-direction="next"]')!);
    await screen.findByText('декабрь 2026', { exact: false });
    expect(day('31 декабря 2026')).toBeDisabled();
    expect(day('30 декабря 2026')).toBeEnabled();
  });

  it('says why a kept Saturday will be refused, and shows the delivery cost with a dot', () => {
    renderWithProviders(<OrderDelivery order={order({ date: '2026-11-28', case: 'other', cost: 1500 })} patch={() => undefined} />);
    expect(screen.getByText('Дата доставки 28.11.2026 — суббота, выходной: доставки нет. Выберите рабочий день, например 30.11.2026.')).toBeInTheDocument();
    expect(screen.getByTestId('delivery-cost')).toHaveValue('1\u202f500.00');
  });
});
