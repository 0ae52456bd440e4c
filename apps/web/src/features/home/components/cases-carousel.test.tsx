import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { CasesCarousel } from './cases-carousel';

const cases = ['Первый', 'Второй', 'Третий'].map((title, index) => ({
  id: `c${index + 1}`,
  title,
  customer: 'Заказчик',
  text: 'Описание',
  image: null,
  link: null,
}));

const current = () => screen.getByTestId('cases-current').textContent;

describe('CasesCarousel', () => {
  it('turns both ways and loops, with Russian names for its controls, indicators and slides', async () => {
    renderWithProviders(<CasesCarousel cases={cases} loading={false} />);
    expect(screen.getByRole('region', { name: 'Кейсы' })).toHaveAttribute('aria-roledescription', 'карусель');
    expect(current()).toBe('1 из 3: Первый');
    await userEvent.click(screen.getByRole('button', { name: 'Следующий кейс' }));
    expect(current()).toBe('2 из 3: Второй');
    await userEvent.click(screen.getByRole('button', { name: 'Предыдущий кейс' }));
    await userEvent.click(screen.getByRole('button', { name: 'Предыдущий кейс' }));
    expect(current()).toBe('3 из 3: Третий');
    await userEvent.click(screen.getByRole('button', { name: 'Следующий кейс' }));
    expect(current()).toBe('1 из 3: Первый');
    await userEvent.click(screen.getByRole('button', { name: 'Кейс 3' }));
    expect(current()).toBe('3 из 3: Третий');
    expect(screen.getByRole('button', { name: 'Кейс 3' })).toHaveAttribute('aria-current', 'true');
    // Only the case in view is exposed; the others are hidden and out of the tab order.
    expect(screen.getByRole('group', { name: '3 из 3' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '1 из 3' })).toBeNull();
  });

  it('turns with the arrow keys and with a swipe', () => {
    renderWithProviders(<CasesCarousel cases={cases} loading={false} />);
    const region = screen.getByRole('region', { name: 'Кейсы' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe('2 из 3: Второй');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(current()).toBe('3 из 3: Третий');
    fireEvent.pointerDown(region, { pointerType: 'touch', clientX: 200 });
    fireEvent.pointerUp(region, { pointerType: 'touch', clientX: 100 });
    expect(current()).toBe('1 из 3: Первый');
    // A tap is not a swipe.
    fireEvent.pointerDown(region, { pointerType: 'touch', clientX: 200 });
    fireEvent.pointerUp(region, { pointerType: 'touch', clientX: 190 });
    expect(current()).toBe('1 из 3: Первый');
  });

  it('has no controls for a single case', () => {
    renderWithProviders(<CasesCarousel cases={cases.slice(0, 1)} loading={false} />);
    expect(screen.queryByRole('button', { name: 'Следующий кейс' })).toBeNull();
    expect(current()).toBe('1 из 1: Первый');
  });
});
