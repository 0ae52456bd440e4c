/**
 * /kp. Positions handed over by the drafts modal start the proposal at step 2 before the page renders: on arriving at
 * /kp, and on arriving again while the wizard is open (each navigation has its own location key). Taking is once
 * only (a second take answers null), so a repeated render or effect cannot start the wizard twice.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { takePositionsForProposal } from '../../shared/proposal-handoff';
import { ProposalPage } from './proposal-page';
import { startProposalFromPositions } from './proposal-store';

function takeHandedPositions() {
  const handed = takePositionsForProposal();
  if (handed) startProposalFromPositions(handed);
  return null;
}

export function ProposalRoute() {
  const { key } = useLocation();
  // Arriving: before the page's first render, which reads the wizard's store (nothing is subscribed to it yet).
  useState(takeHandedPositions);
  // Arriving again while the page is open: before the browser paints.
  const arrived = useRef(false);
  useLayoutEffect(() => {
    if (arrived.current) takeHandedPositions();
    arrived.current = true;
  }, [key]);
  return <ProposalPage />;
}
