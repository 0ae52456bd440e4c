import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { latestVersionQueryOptions } from './api/get-latest-version';
import { VersionCheck } from './version-check';

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('VersionCheck', () => {
  it('shows nothing when the client is current', async () => {
    const fetchMock = answer({ error: null, response: { last: '0.4.6' } });
    const { queryClient } = renderWithProviders(<VersionCheck />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/', expect.anything()));
    // Once the answer is in and rendered, no banner came.
    await waitFor(() => expect(queryClient.getQueryData(latestVersionQueryOptions().queryKey)).toBe('0.4.6'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a red fixed banner with both versions when the client is outdated', async () => {
    answer({ error: null, response: { last: '0.4.7' } });
    renderWithProviders(<VersionCheck />);
    const banner = await screen.findByTestId('version-outdated-banner');
    expect(banner).toHaveTextContent('устаревшую версию клиента: 0.4.6');
    expect(banner).toHaveTextContent('Последняя версия: 0.4.7');
    expect(banner).toHaveTextContent('Очистите локальный кэш этого сайта');
    expect(banner).toHaveTextContent('обратитесь к вашему менеджеру');
    expect(banner).toHaveStyle({ position: 'fixed', top: '0px', zIndex: '1000' });
  });

  it('compares versions as text: 0.4.10 is not newer than 0.4.6', async () => {
    const fetchMock = answer({ error: null, response: { last: '0.4.10' } });
    const { queryClient } = renderWithProviders(<VersionCheck />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(queryClient.getQueryData(latestVersionQueryOptions().queryKey)).toBe('0.4.10'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error banner with the error text when the answer carries an error', async () => {
    answer({ error: { msg: 'Сервис версий недоступен' }, response: null });
    renderWithProviders(<VersionCheck />);
    const banner = await screen.findByTestId('version-error-banner');
    expect(banner).toHaveTextContent('Ошибка при проверке версии');
    expect(banner).toHaveTextContent('обратитесь к вашему менеджеру');
    expect(banner).toHaveTextContent('Сервис версий недоступен');
  });

  it('shows the error banner on a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithProviders(<VersionCheck />);
    expect(await screen.findByTestId('version-error-banner')).toHaveTextContent('Failed to fetch');
  });

  it('shows the error banner when the answer does not parse', async () => {
    answer('<html>Bad gateway</html>', 502);
    renderWithProviders(<VersionCheck />);
    expect(await screen.findByTestId('version-error-banner')).toHaveTextContent('ответ сервера не читается');
  });
});
