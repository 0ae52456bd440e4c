/**
 * The number inputs of the portal, following Russian habits.
 * AmountInput (spec §5): whole numbers only; a non-numeric value, a value above the maximum (when set) or below the
 * minimum (default 0) reverts to the previous value and says under the field what is allowed; an empty field becomes
 * 0; − and + step by 1. With a negative minimum a lone minus sign is kept while typing (the start of a negative number)
 * without changing the value; left alone it reverts like any other non-number.
 * MoneyInput: shown with a dot before the kopecks like every amount (spec §9), typed with a dot or a comma («12,5» is 12.50), spaces between thousands; anything
 * else («1e5», «-500», letters, a third decimal) is refused with a message and the last accepted value stays in use.
 */
import { ActionIcon, Group, TextInput, type MantineSize } from '@mantine/core';
import { formatAmount, fromKopecks, toKopecks } from '@portal/domain';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';

export interface AmountInputProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  label?: string;
  /** Needed when there is no visible label. */
  'aria-label'?: string;
  disabled?: boolean;
  size?: MantineSize;
  /** Width of the text field. */
  w?: number | string;
  /** Hide the − and + buttons (e.g. in dense tables). */
  hideControls?: boolean;
  'data-testid'?: string;
}

const limit = (value: number) => value.toLocaleString('ru-RU');

/** What the field allows, said to the dealer when a typed value is refused. */
export function amountRule(min = 0, max?: number): string {
  if (max === undefined) return min < 0 ? `Введите целое число не меньше ${limit(min)}.` : `Введите целое число от ${limit(min)}.`;
  return `Введите целое число от ${limit(min)} до ${limit(max)}.`;
}

/** The accepted next value for a typed text, or null when the text must revert (spec §5). */
export function acceptAmount(text: string, previous: number, min = 0, max?: number): number | null {
  const trimmed = text.trim();
  // Empty becomes 0, unless 0 itself is outside the allowed range.
  if (trimmed === '') return min <= 0 && (max === undefined || max >= 0) ? 0 : null;
  if (!/^-?\d+$/.test(trimmed)) return null;
  // + 0 turns a typed "-0" into a plain 0.
  const value = Number(trimmed) + 0;
  if (!Number.isSafeInteger(value)) return null;
  if (value < min) return null;
  if (max !== undefined && value > max) return null;
  return value;
}

/** True for a typed text that is not a number yet but may become an allowed one: a lone minus when negatives are allowed. */
export function isPendingAmount(text: string, min = 0): boolean {
  return min < 0 && text.trim() === '-';
}

export function AmountInput({
  value,
  onChange,
  min = 0,
  max,
  step = 1,
  label,
  disabled,
  size = 'sm',
  w = 72,
  hideControls,
  ...rest
}: AmountInputProps) {
  // The pending text belongs to the value it was typed over: any other value (a step, a parent's change) drops it.
  const [pending, setPending] = useState<{ text: string; over: number } | null>(null);
  const [refused, setRefused] = useState(false);
  const shown = pending && pending.over === value ? pending.text : String(value);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    if (isPendingAmount(text, min)) {
      setPending({ text, over: value });
      return;
    }
    setPending(null);
    const next = acceptAmount(text, value, min, max);
    setRefused(next === null);
    if (next !== null && next !== value) onChange(next);
  };
  // A minus left alone is not a number: the field shows the previous value again.
  const handleBlur = () => {
    setPending(null);
    setRefused(false);
  };
  const stepBy = (direction: 1 | -1) => {
    setPending(null);
    setRefused(false);
    const next = value + direction * step;
    if (next < min || (max !== undefined && next > max)) return;
    onChange(next);
  };
  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      stepBy(1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(-1);
    }
  };
  const selectAll = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();
  const atMin = value - step < min;
  const atMax = max !== undefined && value + step > max;
  const name = label ?? rest['aria-label'] ?? 'Количество';

  const field = (
    <TextInput
      label={label}
      aria-label={label ? undefined : name}
      value={shown}
      onChange={handleChange}
      onKeyDown={handleKey}
      onFocus={selectAll}
      onBlur={handleBlur}
      // Phone number pads have no minus sign: a field that takes negatives opens the full keyboard.
      inputMode={min < 0 ? 'text' : 'numeric'}
      autoComplete="off"
      disabled={disabled}
      size={size}
      w={w}
      styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
      data-testid={rest['data-testid']}
      error={refused ? amountRule(min, max) : undefined}
    />
  );
  if (hideControls) return field;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <ActionIcon
        variant="default"
        size={size === 'xs' ? 'md' : 'lg'}
        onClick={() => stepBy(-1)}
        disabled={disabled || atMin}
        aria-label={`Уменьшить: ${name}`}
      >
        <IconMinus size={14} />
      </ActionIcon>
      {field}
      <ActionIcon
        variant="default"
        size={size === 'xs' ? 'md' : 'lg'}
        onClick={() => stepBy(1)}
        disabled={disabled || atMax}
        aria-label={`Увеличить: ${name}`}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
}

export type MoneyReading = { kopecks: number } | { error: string };

/**
 * Reads roubles typed the Russian way: «1 234,56», «12,5», «12.5», «700». Digits, one comma or dot, at most two
 * decimals, optional spaces between thousands — nothing else (no exponent, no sign, no letters).
 */
export function readMoney(text: string, min = 0, max?: number): MoneyReading {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const range = max === undefined ? `не меньше ${limit(min)} ₽` : `от ${limit(min)} до ${limit(max)} ₽`;
  if (compact === '') return min <= 0 ? { kopecks: 0 } : { error: `Введите сумму ${range}.` };
  if (!/^\d+([.,]\d{0,2})?$/.test(compact)) {
    return { error: `«${text.trim()}» — не сумма: введите рубли цифрами, копейки через точку (например, 1 250.50), ${range}.` };
  }
  const [roubles = '0', fraction = ''] = compact.split(/[.,]/);
  const kopecks = Number(roubles) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kopecks) || kopecks < toKopecks(min) || (max !== undefined && kopecks > toKopecks(max))) {
    return { error: `Введите сумму ${range}.` };
  }
  return { kopecks };
}

/** Roubles as the field shows them, as every amount of the portal is written (spec §9): «1 234.50». */
export const moneyText = (value: number) => formatAmount(value);

export interface MoneyInputProps {
  /** Roubles. */
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label?: string;
  description?: string;
  'data-testid'?: string;
}

export function MoneyInput({ value, onChange, min = 0, max, label, description, ...rest }: MoneyInputProps) {
  // The text typed over a value; a refused text stays visible with its message until it is fixed or left.
  const [typed, setTyped] = useState<{ text: string; over: number; error?: string } | null>(null);
  const shown = typed && typed.over === value ? typed.text : moneyText(value);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    const reading = readMoney(text, min, max);
    if ('error' in reading) {
      setTyped({ text, over: value, error: reading.error });
      return;
    }
    const next = fromKopecks(reading.kopecks);
    setTyped({ text, over: next });
    if (next !== value) onChange(next);
  };
  return (
    <TextInput
      label={label}
      description={description}
      value={shown}
      onChange={handleChange}
      onBlur={() => setTyped((current) => (current?.error ? current : null))}
      inputMode="decimal"
      autoComplete="off"
      rightSection="₽"
      error={typed && typed.over === value ? typed.error : undefined}
      data-testid={rest['data-testid']}
    />
  );
}
