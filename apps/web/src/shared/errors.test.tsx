import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { errorMessage, formatRequestError, onRequestError, reportError } from './errors';
import { renderWithProviders } from './testing/render';

describe('formatRequestError', () => {
  it('names the action and the message as spec §8 says', () => {
    expect(formatRequestError('send_kp', new ApiError('Нет связи', 0, 'NETWORK'))).toBe('Request SEND_KP error: Нет связи');
    expect(formatRequestError('GET_PARTNERS', 'timeout')).toBe('Request GET_PARTNERS error: timeout');
    expect(errorMessage({ msg: 'старый формат' })).toBe('старый формат');
  });
});

describe('reportError', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows the message as text: markup from the user’s own input stays characters, never a link', async () => {
    renderWithProviders(<div />);
    const typed = 'Адрес <a href="https://evil.example/">нажмите здесь</a> <b>Файл</b><img src=x onerror="window.hacked=1">';
    act(() => {
      reportError('ADD_DELIVERY', new Error(typed));
    });
    const message = await screen.findByTestId('error-snackbar-message');
    expect(message.textContent).toBe(`Request ADD_DELIVERY error: ${typed}`);
    expect(message.querySelector('a')).toBeNull();
    expect(message.querySelector('b')).toBeNull();
    expect(message.querySelector('img')).toBeNull();
    expect(message.children).toHaveLength(0);
  });

  it('tells the registered listeners (the general error state)', () => {
    const listener = vi.fn();
    const unsubscribe = onRequestError(listener);
    act(() => {
      reportError('GET_ORDERS', new Error('Нет связи'));
    });
    unsubscribe();
    expect(listener).toHaveBeenCalledWith('Request GET_ORDERS error: Нет связи');
  });

  it('closes with its close button', async () => {
    renderWithProviders(<div />);
    act(() => {
      reportError('GET_BILLS', new Error('Сервер недоступен'));
    });
    await screen.findByText(/Request GET_BILLS error/);
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByText(/Request GET_BILLS error/)).not.toBeInTheDocument());
  });
});
