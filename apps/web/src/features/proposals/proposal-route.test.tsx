import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handPositionsToProposal } from '../../shared/proposal-handoff';
import { useProposalStore } from './proposal-store';
import { ProposalRoute } from './proposal-route';

// The page itself is not under test: a stand-in records what it reads from the wizard's store on each render.
const renders = vi.hoisted(() => [] as string[]);
vi.mock('./proposal-page', () => ({
  ProposalPage: function ProposalPage() {
    const { step, items } = useProposalStore();
    const text = `step ${step}, ${items.length} products`;
    renders.push(text);
    return <output data-testid="wizard">{text}</output>;
  },
}));

const draft = [{ guid: 'uid-jacket', characteristics: [{ GUID: 'offer-48', CHARACTERISTIC: '48-50', count: 2, fullprice: 1000 }] }];

function HandOverAgain() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        handPositionsToProposal([...draft, { guid: 'uid-boots', characteristics: [{ guid: 'uid-boots', quantity: 1 }] }]);
        void navigate('/kp');
      }}
    >
      ещё раз
    </button>
  );
}

const renderAt = () =>
  render(
    <MemoryRouter initialEntries={['/kp']}>
      <Routes>
        <Route
          path="/kp"
          element={
            <>
              <ProposalRoute />
              <HandOverAgain />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  renders.length = 0;
  localStorage.clear();
  useProposalStore.getState().reset();
});

describe('/kp with positions handed over by the drafts modal', () => {
  it('starts the wizard at step 2 with them before the page first renders, and takes them once', () => {
    handPositionsToProposal(draft);
    const { unmount } = renderAt();
    expect(renders[0]).toBe('step 2, 1 products');
    expect(screen.getByTestId('wizard')).toHaveTextContent('step 2, 1 products');
    unmount();
    useProposalStore.getState().reset();
    renderAt();
    expect(screen.getByTestId('wizard')).toHaveTextContent('step 1, 0 products');
  });

  it('takes positions handed over again while the wizard is open', async () => {
    renderAt();
    expect(screen.getByTestId('wizard')).toHaveTextContent('step 1, 0 products');
    await userEvent.click(screen.getByRole('button', { name: 'ещё раз' }));
    expect(screen.getByTestId('wizard')).toHaveTextContent('step 2, 2 products');
  });

  it('opens as it was left when nothing was handed over', () => {
    renderAt();
    expect(screen.getByTestId('wizard')).toHaveTextContent('step 1, 0 products');
  });
});
