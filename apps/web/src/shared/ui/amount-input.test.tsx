import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountInput, MoneyInput, acceptAmount, isPendingAmount, readMoney } from './amount-input';

function Harness({ initial = 3, max, min }: { initial?: number; max?: number; min?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <AmountInput value={value} onChange={setValue} max={max} min={min} aria-label="Количество" />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Количество' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('acceptAmount (spec §5)', () => {
  it('accepts whole numbers within the range', () => {
    expect(acceptAmount('7', 3, 0, 10)).toBe(7);
    expect(acceptAmount(' 10 ', 3, 0, 10)).toBe(10);
  });
  it('reverts non-numbers, values above max and below min', () => {
    expect(acceptAmount('abc', 3, 0, 10)).toBeNull();
    expect(acceptAmount('1.5', 3)).toBeNull();
    expect(acceptAmount('11', 3, 0, 10)).toBeNull();
    expect(acceptAmount('-1', 3)).toBeNull();
    expect(acceptAmount('2', 3, 5)).toBeNull();
  });
  it('turns an empty value into 0', () => {
    expect(acceptAmount('', 3)).toBe(0);
  });
  it('accepts negative whole numbers down to a negative minimum, and no further', () => {
    expect(acceptAmount('-5', 3, -10)).toBe(-5);
    expect(acceptAmount('-10', 3, -10, 10)).toBe(-10);
    expect(acceptAmount('-11', 3, -10)).toBeNull();
    expect(acceptAmount('-1.5', 3, -10)).toBeNull();
    expect(Object.is(acceptAmount('-0', 3, -10), 0)).toBe(true);
  });
  it('keeps a lone minus pending only when negatives are allowed', () => {
    expect(isPendingAmount('-', -10)).toBe(true);
    expect(isPendingAmount('-', 0)).toBe(false);
    expect(isPendingAmount('--', -10)).toBe(false);
    expect(isPendingAmount('', -10)).toBe(false);
  });
});

describe('AmountInput', () => {
  it('reverts to the previous value above the maximum and on letters', () => {
    render(<Harness max={10} />);
    type('8');
    expect(input().value).toBe('8');
    type('80');
    expect(input().value).toBe('8');
    type('8x');
    expect(input().value).toBe('8');
    expect(screen.getByTestId('value')).toHaveTextContent('8');
  });

  it('empties to 0 and refuses to go below the minimum', () => {
    render(<Harness />);
    type('');
    expect(input().value).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить: Количество' }));
    expect(input().value).toBe('0');
  });

  it('with a negative minimum lets the user type a minus sign, then a negative number', () => {
    render(<Harness min={-100} max={100} />);
    type('-');
    // The in-between state stays on screen and changes nothing yet.
    expect(input().value).toBe('-');
    expect(screen.getByTestId('value')).toHaveTextContent('3');
    type('-7');
    expect(input().value).toBe('-7');
    expect(screen.getByTestId('value')).toHaveTextContent('-7');
    type('-71');
    expect(input().value).toBe('-71');
    // Still spec §5: below the minimum, above the maximum and letters revert; empty becomes 0.
    type('-710');
    expect(input().value).toBe('-71');
    type('101');
    expect(input().value).toBe('-71');
    type('-7a');
    expect(input().value).toBe('-71');
    type('--');
    expect(input().value).toBe('-71');
    expect(screen.getByTestId('value')).toHaveTextContent('-71');
    type('');
    expect(input().value).toBe('0');
  });

  it('reverts a minus left alone to the previous value, and a step drops it', () => {
    render(<Harness min={-5} />);
    type('-');
    fireEvent.blur(input());
    expect(input().value).toBe('3');
    type('-');
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить: Количество' }));
    expect(input().value).toBe('4');
    type('-');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().value).toBe('3');
    // Steps go below zero down to the minimum.
    type('-5');
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить: Количество' }));
    expect(input().value).toBe('-5');
  });

  it('refuses a minus sign when the minimum is 0 (the default)', () => {
    render(<Harness />);
    type('-');
    expect(input().value).toBe('3');
    type('-1');
    expect(input().value).toBe('3');
    expect(screen.getByTestId('value')).toHaveTextContent('3');
  });

  it('steps by 1 with the buttons and the arrow keys, not past the maximum', () => {
    render(<Harness initial={4} max={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить: Количество' }));
    expect(input().value).toBe('5');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(input().value).toBe('5');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().value).toBe('4');
  });
});

describe('readMoney (Russian habits)', () => {
  it('reads a comma or a dot before the kopecks and spaces between thousands', () => {
    expect(readMoney('12,5')).toEqual({ kopecks: 1250 });
    expect(readMoney('12.50')).toEqual({ kopecks: 1250 });
    expect(readMoney('1 234,56')).toEqual({ kopecks: 123_456 });
    expect(readMoney('')).toEqual({ kopecks: 0 });
  });
  it('refuses an exponent, a sign, letters, a third decimal and values above the limit, saying what to type', () => {
    for (const text of ['1e5', '-500', 'сто', '12,505', '+5', '0x10']) {
      const reading = readMoney(text, 0, 10_000_000);
      expect(reading).toHaveProperty('error');
      expect((reading as { error: string }).error).toMatch(/введите рубли цифрами/);
    }
    expect((readMoney('10 000 001', 0, 10_000_000) as { error: string }).error).toMatch(/^Введите сумму от 0 до 10\s000\s000 ₽.$/);
  });
});

function MoneyHarness() {
  const [value, setValue] = useState(0);
  return (
    <MantineProvider>
      <MoneyInput value={value} onChange={setValue} max={10_000_000} label="Стоимость доставки" />
      <output data-testid="money">{value}</output>
    </MantineProvider>
  );
}

describe('MoneyInput', () => {
  const field = () => screen.getByRole('textbox', { name: 'Стоимость доставки' }) as HTMLInputElement;
  it('takes «12,5» as 12.50 and keeps the last accepted value while showing why «1e5» is refused', () => {
    render(<MoneyHarness />);
    fireEvent.change(field(), { target: { value: '12,5' } });
    expect(screen.getByTestId('money')).toHaveTextContent('12.5');
    fireEvent.change(field(), { target: { value: '1e5' } });
    expect(screen.getByTestId('money')).toHaveTextContent('12.5');
    expect(field().value).toBe('1e5');
    expect(screen.getByText(/«1e5» — не сумма/)).toBeInTheDocument();
    fireEvent.change(field(), { target: { value: '-500' } });
    expect(screen.getByTestId('money')).toHaveTextContent('12.5');
    expect(screen.getByText(/«-500» — не сумма/)).toBeInTheDocument();
  });

  it('shows the amount with a dot before the kopecks, as every amount is written (spec §9)', () => {
    render(<MoneyHarness />);
    fireEvent.change(field(), { target: { value: '1 500,5' } });
    expect(screen.getByTestId('money')).toHaveTextContent('1500.5');
    fireEvent.blur(field());
    expect(field().value).toBe('1\u202f500.50');
  });
});

describe('AmountInput refusal', () => {
  it('says what is allowed when a typed value is refused', () => {
    render(<Harness max={10} />);
    type('80');
    expect(screen.getByText('Введите целое число от 0 до 10.')).toBeInTheDocument();
    type('7');
    expect(screen.queryByText('Введите целое число от 0 до 10.')).toBeNull();
  });
});
