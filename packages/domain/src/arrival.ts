/**
 * The next supply of an offer (the spec's PPDATA, «<quantity>/<dd.mm.yyyy>») as a dealer reads it. A date that has
 * passed is never shown as upcoming: the goods did not come on it, so the honest answer is «срок уточняется».
 */
import { russianDay } from './format';

export const ARRIVAL_UNKNOWN = 'срок уточняется';

export interface Arrival {
  quantity: number;
  /** 'YYYY-MM-DD' (Moscow calendar). */
  day: string;
}

/** PPDATA read, or null when it is empty or not «quantity/dd.mm.yyyy». */
export function parseArrival(ppdata: string): Arrival | null {
  const match = /^\s*(\d+)\s*\/\s*(\d{2})\.(\d{2})\.(\d{4})\s*$/.exec(ppdata);
  if (!match) return null;
  const [, quantity, day, month, year] = match as unknown as [string, string, string, string, string];
  return { quantity: Number(quantity), day: `${year}-${month}-${day}` };
}

/**
 * «25 шт. к 09.02.2027» while the day is today or ahead (`today` 'YYYY-MM-DD', Moscow), «25 шт., срок уточняется»
 * once it has passed; '' when no supply is known.
 */
export function arrivalText(ppdata: string, today: string): string {
  const arrival = parseArrival(ppdata);
  if (!arrival) return '';
  if (arrival.day < today) return `${arrival.quantity} шт., ${ARRIVAL_UNKNOWN}`;
  return `${arrival.quantity} шт. к ${russianDay(arrival.day)}`;
}
