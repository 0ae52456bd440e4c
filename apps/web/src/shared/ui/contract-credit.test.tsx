import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { CreditContract } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { fromToday } from '../testing/companies';
import { CreditAlerts, CreditFigures, creditOf } from './contract-credit';

/** A document whose last day to pay is `days` from today (Moscow). */
const due = (debt: number, days: number) => ({ debt, expires: fromToday(days) });

function renderPanel(contract: CreditContract, orderKopecks: number) {
  const credit = creditOf(contract, orderKopecks);
  return render(
    <MantineProvider>
      <CreditFigures credit={credit} withOrder guid="fro" />
      <CreditAlerts credit={credit} />
    </MantineProvider>,
  );
}

const alertCodes = () => screen.queryAllByTestId('credit-alert').map((alert) => alert.dataset.code);

describe('the order page credit panel', () => {
  it('with an empty order and a debt above the limit, says the debt exceeds it — not the order', () => {
    renderPanel({ limit: 50_000, debt: 57_800, documents: [due(21_300, -6), due(16_500, 3), due(20_000, 12)] }, 0);
    expect(alertCodes()).toEqual(['OVERDUE_DEBT', 'DEBT_OVER_LIMIT']);
    expect(screen.getAllByTestId('credit-alert')[1]).toHaveTextContent('Долг 57 800.00 ₽ больше лимита 50 000.00 ₽ на 7 800.00 ₽');
    expect(screen.queryByText(/Заказ на/)).toBeNull();
    const figures = screen.getByTestId('credit-figures');
    expect(within(figures).getByTestId('credit-overdue')).toHaveTextContent('21 300.00 ₽');
    expect(within(figures).getByTestId('credit-due-soon')).toHaveTextContent('16 500.00 ₽');
    expect(within(figures).getByTestId('credit-available')).toHaveTextContent('-7 800.00 ₽');
    expect(within(figures).getByTestId('credit-left')).toHaveTextContent('-7 800.00 ₽');
  });

  it('credit left is limit − debt − this order, and an order beyond it says by how much', () => {
    renderPanel({ limit: 100_000, debt: 98_700, documents: [due(98_700, 20)] }, 150_050);
    expect(screen.getByTestId('credit-available')).toHaveTextContent('1 300.00 ₽');
    expect(screen.getByTestId('credit-order')).toHaveTextContent('1 500.50 ₽');
    expect(screen.getByTestId('credit-left')).toHaveTextContent('-200.50 ₽');
    expect(alertCodes()).toEqual(['ORDER_OVER_LIMIT']);
    expect(screen.getByTestId('credit-alert')).toHaveTextContent('больше доступного остатка лимита 1 300.00 ₽ на 200.50 ₽');
    expect(screen.queryByTestId('credit-overdue')).toBeNull();
  });

  it('a paid-up contract within its limit raises nothing; without a limit nothing can exceed it', () => {
    const { unmount } = renderPanel({ limit: 100_000, debt: 0, documents: [due(0, -20)] }, 10_000);
    expect(alertCodes()).toEqual([]);
    expect(screen.getByTestId('credit-left')).toHaveTextContent('99 900.00 ₽');
    unmount();
    renderPanel({ limit: 0, debt: 5_000, documents: [due(5_000, 2)] }, 9_999_900);
    expect(alertCodes()).toEqual([]);
    expect(screen.getByTestId('credit-available')).toHaveTextContent('без лимита');
    expect(screen.getByTestId('credit-left')).toHaveTextContent('—');
  });
});
