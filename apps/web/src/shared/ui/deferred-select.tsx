/**
 * A Select drawn once the screen has painted. Mantine's Select brings its dropdown, the popover and floating-ui
 * (~20 KB of gzip): on the catalogue they were in the first wave of scripts and in the work before the first product
 * image could be drawn. Until the Select's code has come, a box of the same size shows the chosen option the same way
 * (a field with the chevron), so nothing moves when the Select replaces it; it is hidden from assistive technology and
 * not a combobox, so a test or a screen reader finds the working Select only.
 */
import { ComboboxChevron, InputBase, type SelectProps } from '@mantine/core';
import { Suspense, lazy, type ComponentType } from 'react';
import { once, useAfterFirstPaint } from '../lib/lazy-page';

const loadSelect = once(() => import('./select'));
const Select = lazy(() => loadSelect().then((m) => ({ default: m.Select as ComponentType<SelectProps> })));

interface DeferredSelectProps extends SelectProps {
  data: { value: string; label: string }[];
}

function SelectPlaceholder({ data, value, label, size, w }: DeferredSelectProps) {
  const chosen = data.find((option) => option.value === value)?.label ?? '';
  return (
    <InputBase
      component="div"
      label={label}
      size={size}
      w={w}
      pointer
      rightSection={<ComboboxChevron size={size} />}
      rightSectionPointerEvents="none"
      wrapperProps={{ 'aria-hidden': true }}
      styles={{ input: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } }}
    >
      {chosen}
    </InputBase>
  );
}

export function DeferredSelect(props: DeferredSelectProps) {
  const painted = useAfterFirstPaint();
  const placeholder = <SelectPlaceholder {...props} />;
  return painted ? (
    <Suspense fallback={placeholder}>
      <Select {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
