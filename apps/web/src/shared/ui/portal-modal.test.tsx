import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { MODAL_SHAKE_MS, PortalModal } from './portal-modal';

afterEach(() => vi.useRealTimers());

describe('PortalModal', () => {
  it('shakes for 500 ms on a click outside instead of closing', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <PortalModal opened onClose={onClose} title="Черновики" transitionProps={{ duration: 0 }}>
        Содержимое
      </PortalModal>,
    );
    const dialog = await screen.findByRole('dialog');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();

    vi.useFakeTimers();
    fireEvent.click(overlay!);
    act(() => vi.advanceTimersToNextFrame());
    expect(dialog).toHaveAttribute('data-shaking');
    expect(onClose).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(MODAL_SHAKE_MS));
    expect(dialog).not.toHaveAttribute('data-shaking');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <PortalModal opened onClose={onClose} title="Черновики">
        Содержимое
      </PortalModal>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
