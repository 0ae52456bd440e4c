/**
 * Positions handed to the proposal wizard by another part of the app (the drafts modal of the orders area, spec §4
 * «Drafts»), without the two features importing each other: the giver leaves them here and navigates to /kp; the
 * wizard's route takes them once as it opens.
 */
/**
 * What the drafts modal hands over: a position of the working order or of the order payload (spec §3 Position,
 * Characteristic line). Both spellings of the fields are understood.
 */
export interface IncomingPosition {
  guid: string;
  article?: string;
  product?: { ID?: number | string; ARTICLE?: string; NAME?: string; UID?: string };
  name?: string;
  image?: string | null;
  characteristics: Array<{
    guid?: string;
    GUID?: string;
    quantity?: number;
    count?: number;
    CHARACTERISTIC?: string;
    characteristic?: string;
    fullprice?: number;
    PRICE?: number;
    RESIDUE?: number;
  }>;
}

let handed: readonly IncomingPosition[] | null = null;

/** Leaves positions for the proposal wizard; the caller then navigates to /kp. */
export function handPositionsToProposal(positions: readonly IncomingPosition[]): void {
  handed = positions;
}

/** The positions left for the wizard, once: a later visit to /kp starts from what the wizard kept. */
export function takePositionsForProposal(): readonly IncomingPosition[] | null {
  const positions = handed;
  handed = null;
  return positions;
}
