import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openConfirmModal, useModalsHost, usePrepareConfirmations } from './confirm-modal';
import { ModalsHost } from './modals-host';

/** The shell's way of mounting the dialogs' provider: only once a confirmation has been asked for. */
function Shell() {
  const wanted = useModalsHost((state) => state.wanted);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <MantineProvider>
      {wanted && <ModalsHost />}
      <button type="button" onClick={() => openConfirmModal({ title: 'Удалить черновик?', labels: { confirm: 'Удалить', cancel: 'Отмена' }, onConfirm: () => setConfirmed(true) })}>
        удалить
      </button>
      {confirmed && <output>удалено</output>}
    </MantineProvider>
  );
}

function ScreenThatConfirms() {
  usePrepareConfirmations();
  return null;
}

describe('openConfirmModal', () => {
  it('is prepared by a screen that can ask for a confirmation once it has painted, before any is asked', async () => {
    useModalsHost.setState({ wanted: false, ready: false });
    render(<ScreenThatConfirms />);
    expect(useModalsHost.getState().wanted).toBe(false);
    await waitFor(() => expect(useModalsHost.getState().wanted).toBe(true));
  });

  it('mounts the dialogs on the first confirmation and opens it there; later ones open at once', async () => {
    useModalsHost.setState({ wanted: false, ready: false });
    const { unmount } = render(<Shell />);
    expect(useModalsHost.getState().wanted).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'удалить' }));
    expect(await screen.findByRole('dialog', { name: 'Удалить черновик?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('удалено')).toBeInTheDocument();

    const open = vi.fn();
    const unsubscribe = useModalsHost.subscribe(open);
    act(() => openConfirmModal({ title: 'Ещё раз?' }));
    expect(open).not.toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: 'Ещё раз?' })).toBeInTheDocument();
    unsubscribe();
    unmount();
    expect(useModalsHost.getState().ready).toBe(false);
  });
});
