import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatefulButton } from './stateful-button';

const wrap = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('StatefulButton', () => {
  it('is in progress while the click promise runs and ignores a second click', async () => {
    let finish: () => void = () => {};
    const onClick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    wrap(<StatefulButton onClick={onClick}>Отправить</StatefulButton>);
    const button = screen.getByRole('button', { name: /Отправить/ });
    fireEvent.click(button);
    expect(button).toHaveAttribute('data-state', 'progress');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(button).toHaveAttribute('data-state', 'active');
  });

  it('does nothing when disabled', () => {
    const onClick = vi.fn();
    wrap(
      <StatefulButton state="disabled" onClick={onClick}>
        Отправить
      </StatefulButton>,
    );
    const button = screen.getByRole('button', { name: /Отправить/ });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
