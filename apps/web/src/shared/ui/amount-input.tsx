/**
 * The amount input of spec §5: whole numbers only; a non-numeric value, a value above the maximum (when set) or
 * below the minimum (default 0) reverts to the previous value; an empty field becomes 0; − and + step by 1.
 * With a negative minimum a lone minus sign is kept while typing (the start of a negative number) without changing
 * the value; left alone it reverts like any other non-number.
 */
import { ActionIcon, Group, TextInput, type MantineSize } from '@mantine/core';
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
  const shown = pending && pending.over === value ? pending.text : String(value);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    if (isPendingAmount(text, min)) {
      setPending({ text, over: value });
      return;
    }
    setPending(null);
    const next = acceptAmount(text, value, min, max);
    if (next !== null && next !== value) onChange(next);
  };
  // A minus left alone is not a number: the field shows the previous value again.
  const handleBlur = () => setPending(null);
  const stepBy = (direction: 1 | -1) => {
    setPending(null);
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
    />
  );
  if (hideControls) return field;
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
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
