/**
 * The drafts dialog over the server-kept drafts: a draft only this browser has is marked until the server has it; at
 * the limit saving is refused with what to do; «Удалить все» deletes the drafts listed, after a confirmation.
 */
import { DRAFT_LIMITS, blankOrder } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeDraftsServer } from '../../../shared/testing/fake-drafts-server';
import { renderWithProviders } from '../../../shared/testing/render';
import { useDraftsStore, type Draft } from '../model/drafts-store';
import { DraftsModal } from './drafts-modal';

const draft = (id: number, name: string, revision?: number): Draft => ({ ...blankOrder(), id, date: id, name, ...(revision ? { revision } : {}) });

beforeEach(() => new FakeDraftsServer().install());
afterEach(() => {
  vi.restoreAllMocks();
  useDraftsStore.setState({ drafts: [], removed: [] });
});

describe('DraftsModal', () => {
  it('marks the draft the server does not have yet, and only that one', async () => {
    useDraftsStore.setState({ drafts: [draft(2, 'В дороге'), draft(1, 'На сервере', 1)] });
    renderWithProviders(<DraftsModal opened onClose={() => undefined} />);
    const rows = await screen.findAllByTestId('draft-row');
    expect(rows.map((row) => within(row).queryByTestId('draft-not-synced') !== null)).toEqual([true, false]);
    expect(screen.getByText('Черновики хранятся в вашей учётной записи: они видны на всех ваших устройствах.')).toBeInTheDocument();
  });

  it('at the limit refuses to save another and says what to do', async () => {
    useDraftsStore.setState({ drafts: Array.from({ length: DRAFT_LIMITS.perUser }, (_, i) => draft(i + 1, `Черновик ${i + 1}`, 1)) });
    renderWithProviders(<DraftsModal opened onClose={() => undefined} />);
    expect(await screen.findByText(`Черновиков ${DRAFT_LIMITS.perUser} — это предел. Удалите ненужные, чтобы сохранить новый.`)).toBeInTheDocument();
    expect(screen.getByTestId('save-draft')).toBeDisabled();
  });

  it('«Удалить все» asks first, then deletes the drafts listed', async () => {
    useDraftsStore.setState({ drafts: [draft(2, 'Второй', 1), draft(1, 'Первый', 1)] });
    renderWithProviders(<DraftsModal opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить все' }));
    expect(useDraftsStore.getState().drafts).toHaveLength(2);
    const confirm = await screen.findByRole('dialog', { name: 'Удалить все черновики?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Удалить все' }));
    expect(useDraftsStore.getState().drafts).toEqual([]);
    expect(useDraftsStore.getState().removed.sort()).toEqual([1, 2]);
    expect(await screen.findByText('Черновики отсутствуют')).toBeInTheDocument();
  });
});
