import type { RouteObject } from 'react-router';
import { takePositionsForProposal } from '../../shared/proposal-handoff';

export const proposalRoutes: RouteObject[] = [
  {
    path: 'kp',
    lazy: () => import('./proposal-page').then((m) => ({ Component: m.ProposalPage })),
    // Positions handed over by the drafts modal start the proposal at step 2, before the page renders.
    loader: async () => {
      const handed = takePositionsForProposal();
      if (handed) (await import('./proposal-store')).startProposalFromPositions(handed);
      return null;
    },
  },
  { path: 'logo', lazy: () => import('./logo-mockup-page').then((m) => ({ Component: m.LogoMockupPage })) },
];
