import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { testMembership } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { MainMenu } from './main-menu';
import { LOCKED_PATHS, LOCKED_TOOLTIP, MENU_GROUPS } from './menu-items';

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

const companies = [
  { uid: 'c-1', name: 'Общество с ограниченной ответственностью «СпецСнаб»', inn: '7707083893', ...testMembership() },
  { uid: 'c-2', name: 'Индивидуальный предприниматель Петров Алексей Викторович', inn: '500100732259', ...testMembership('accountant') },
];

function stubPartners() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/partners') return new Response(JSON.stringify({ error: null, response: companies }));
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'нет' }, response: null }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

function renderMenu(onAction = vi.fn(), onClose = vi.fn()) {
  renderWithProviders(
    <>
      <MainMenu opened onClose={onClose} onAction={onAction} />
      <Location />
    </>,
    { route: '/orders' },
  );
  return { onAction, onClose };
}

describe('MainMenu', () => {
  it('lists one entry per company with the name shortened, linking to /company/:uid', async () => {
    stubPartners();
    renderMenu();
    const entries = await screen.findAllByTestId('menu-company');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('ООО «СпецСнаб»'),
      expect.stringContaining('ИП Петров Алексей Викторович'),
    ]);
    expect(entries[0]).toHaveAttribute('href', '/company/c-1');
    expect(screen.getByTestId('client-version')).toHaveTextContent('Версия 0.4.6');
    // The team page only under the company the user administers (an accountant of ИП Петров sees none there).
    expect(screen.getAllByTestId('menu-company-team').map((link) => link.getAttribute('href'))).toEqual(['/companies/c-1/team']);
    // So is the record of who did what, right after the team entry.
    const audit = screen.getAllByTestId('menu-company-audit');
    expect(audit.map((link) => link.getAttribute('href'))).toEqual(['/companies/c-1/audit']);
    expect(audit[0]).toHaveTextContent('Журнал действий');
    expect(screen.getByTestId('menu-company-team').nextElementSibling).toBe(audit[0]);
  });

  it("hides the entries a role cannot use in any of the user's companies", async () => {
    companies.splice(0, 1);
    try {
      stubPartners();
      renderMenu();
      await screen.findAllByTestId('menu-company');
      expect(screen.queryByTestId('menu-company-team')).toBeNull();
      expect(screen.queryByTestId('menu-company-audit')).toBeNull();
      expect(screen.getByText('Заказы')).toBeInTheDocument();
      for (const hidden of ['Черновики', 'Создать КП', 'Рекламации', 'Отгрузки']) expect(screen.queryByText(hidden), hidden).toBeNull();
    } finally {
      companies.unshift({ uid: 'c-1', name: 'Общество с ограниченной ответственностью «СпецСнаб»', inn: '7707083893', ...testMembership() });
    }
  });

  it('shows every group of spec §2 and every locked section, locked ones with a lock and no link', async () => {
    stubPartners();
    renderMenu();
    for (const group of MENU_GROUPS) {
      // getByRole walks the accessibility tree of the whole drawer on every call (seconds on a busy machine); the
      // group header is the expandable button holding the label.
      const header = screen.getAllByText(group.label).map((label) => label.closest('button[aria-expanded]')).find(Boolean)!;
      if (header.getAttribute('aria-expanded') === 'false') fireEvent.click(header);
    }
    const locked = [...document.querySelectorAll('[data-locked-path]')].map((node) => node.getAttribute('data-locked-path'));
    expect(new Set(locked)).toEqual(new Set(LOCKED_PATHS));
    for (const node of document.querySelectorAll('[data-locked-path]')) {
      expect(node.tagName).not.toBe('A');
      expect(node).not.toHaveAttribute('href');
      expect(node).toHaveAttribute('aria-disabled', 'true');
    }
    expect(document.querySelectorAll('[data-locked-group]')).toHaveLength(2);
  });

  it('does not navigate from a locked section and explains why in a tooltip', async () => {
    stubPartners();
    const { onClose } = renderMenu();
    const analytics = screen.getByText('Аналитика').closest('[data-locked-path]')!;
    fireEvent.mouseEnter(analytics);
    expect(await screen.findByText(LOCKED_TOOLTIP)).toBeInTheDocument();
    await userEvent.click(analytics);
    expect(screen.getByTestId('location')).toHaveTextContent('/orders');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('navigates from an open section and closes, and opens the drafts and feedback modals', async () => {
    stubPartners();
    const { onAction, onClose } = renderMenu();
    await userEvent.click(screen.getByText('Черновики').closest('button')!);
    expect(onAction).toHaveBeenCalledWith('drafts');
    await userEvent.click(screen.getByText('Создать КП').closest('a')!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kp'));
    expect(onClose).toHaveBeenCalled();
  });
});
