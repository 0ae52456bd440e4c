import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTeam } from '@portal/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { TeamPage } from './team-page';

const team: TTeam = {
  company: { uid: 'c-1', name: 'Общество с ограниченной ответственностью «СпецСнаб»', approvalOverCredit: false },
  members: [
    { id: 1, login: 'demo', name: 'Соколов Иван Петрович', email: 'demo@example.ru', role: 'admin', orderLimit: null, status: 'active', lastSignInAt: '2026-11-27T20:05:00Z', you: true },
    { id: 2, login: 'buyer', name: 'Васильев Сергей', email: 'buyer@example.ru', role: 'buyer', orderLimit: 50_000, status: 'active', lastSignInAt: null, you: false },
    { id: 3, login: 'olga@example.ru', name: 'Ольга', email: 'olga@example.ru', role: 'accountant', orderLimit: null, status: 'invited', lastSignInAt: null, you: false },
  ],
};

function stubServer() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/partners/c-1/team/invite') {
      const body = JSON.parse(String(init?.body)) as { email: string; role: string; orderLimit: number | null; name: string };
      const invited = { id: 4, login: body.email, name: body.name, email: body.email, role: body.role, orderLimit: body.orderLimit, status: 'invited', lastSignInAt: null, you: false };
      return new Response(JSON.stringify({ error: null, response: { message: `Приглашение отправлено на ${body.email}`, team: { ...team, members: [...team.members, invited] } } }));
    }
    if (url === '/api/partners/c-1/team') return new Response(JSON.stringify({ error: null, response: team }));
    return new Response(JSON.stringify({ error: null, response: [] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/companies/:uid/team" element={<TeamPage />} />
    </Routes>,
    { route: '/companies/c-1/team' },
  );

describe('TeamPage', () => {
  it('lists the colleagues with role, limit in roubles, status and last sign-in in Moscow time; no actions on oneself', async () => {
    stubServer();
    renderPage();
    const rows = await screen.findAllByTestId('team-member');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Соколов Иван Петрович (вы)');
    expect(rows[0]).toHaveTextContent('Администратор');
    expect(rows[0]).toHaveTextContent('27.11.2026 23:05');
    expect(within(rows[0]!).queryByRole('button', { name: /^Действия/ })).toBeNull();
    expect(rows[1]).toHaveTextContent(/50\s000\.00 ₽/);
    expect(rows[1]).toHaveTextContent('не входил');
    expect(rows[2]).toHaveTextContent('Приглашён');
    expect(screen.getByText('ООО «СпецСнаб»')).toBeInTheDocument();
  });

  it('invites a purchaser with a limit, sent in roubles, and shows the answered team', async () => {
    const fetchMock = stubServer();
    renderPage();
    await screen.findAllByTestId('team-member');
    await userEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пригласить сотрудника' });
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'new@example.ru');
    await userEvent.type(within(dialog).getByLabelText(/^Имя/), 'Пётр');
    const limit = within(dialog).getByLabelText(/^Лимит одного заказа/);
    await userEvent.clear(limit);
    await userEvent.type(limit, '25000,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Пригласить' }));
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(4));
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/partners/c-1/team/invite')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ email: 'new@example.ru', name: 'Пётр', role: 'buyer', orderLimit: 25_000.5 });
  });
});
