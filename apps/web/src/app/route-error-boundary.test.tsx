import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('shows the server-error page in the shell for a page that fails, and clears it on the next address', async () => {
    // React reports the caught error on the console; the test is about what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/broken']}>
          <Link to="/fine">дальше</Link>
          <RouteErrorBoundary inShell>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<p>страница</p>} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Ошибка сервера' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'дальше' }));
    expect(await screen.findByText('страница')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ошибка сервера' })).toBeNull();
  });
});
