import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { downloadOrderLog } from './download-log';
import { Sidebar } from './sidebar';

vi.mock('../../features/orders/badges', () => ({ useOrderPositionCount: () => 3, useDraftCount: () => 12 }));

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  scrollTo(0);
  vi.restoreAllMocks();
});

describe('Sidebar', () => {
  it('has the actions of spec §2 with the order and draft badges', async () => {
    const handlers = { onOpenMenu: vi.fn(), onOpenDrafts: vi.fn(), onDownloadLog: vi.fn() };
    renderWithProviders(<Sidebar {...handlers} />);
    expect(screen.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Поиск товаров' })).toHaveAttribute('href', '/product');
    expect(screen.getByRole('link', { name: 'Заказ: 3' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: 'История заказов' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Коммерческое предложение' })).toHaveAttribute('href', '/kp');
    await userEvent.click(screen.getByRole('button', { name: 'Черновики: 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
    await userEvent.click(screen.getByRole('button', { name: 'Скачать журнал заказов' }));
    expect(handlers.onOpenDrafts).toHaveBeenCalledOnce();
    expect(handlers.onOpenMenu).toHaveBeenCalledOnce();
    expect(handlers.onDownloadLog).toHaveBeenCalledOnce();
  });

  it('hides on scrolling down past 100 px and shows on scrolling up', () => {
    renderWithProviders(<Sidebar onOpenMenu={() => {}} onOpenDrafts={() => {}} onDownloadLog={() => {}} />);
    const sidebar = screen.getByTestId('sidebar');
    scrollTo(80);
    expect(sidebar).not.toHaveAttribute('data-hidden');
    scrollTo(150);
    expect(sidebar).toHaveAttribute('data-hidden');
    scrollTo(400);
    expect(sidebar).toHaveAttribute('data-hidden');
    scrollTo(380);
    expect(sidebar).not.toHaveAttribute('data-hidden');
    scrollTo(500);
    expect(sidebar).toHaveAttribute('data-hidden');
    scrollTo(40);
    expect(sidebar).not.toHaveAttribute('data-hidden');
  });
});

describe('downloadOrderLog', () => {
  it('saves localStorage `logs` as a file, and says when there is nothing to save', async () => {
    expect(downloadOrderLog()).toBe(false);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:log');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('orders-log-2026-03-05_14-30.json');
    });
    localStorage.setItem('logs', JSON.stringify([{ id: 1, status: 'error', message: 'timeout' }]));
    expect(downloadOrderLog(new Date(2026, 2, 5, 14, 30))).toBe(true);
    expect(click).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await blob.text())).toEqual([{ id: 1, status: 'error', message: 'timeout' }]);
  });
});
