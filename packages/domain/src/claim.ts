/**
 * Claims (spec §3 "Claim"): the kinds a dealer can file (case, default 1, spec §9) and the statuses a claim goes
 * through; the back office moves a claim between statuses through the integration API.
 */

export const CLAIM_CASES = {
  1: 'Производственный брак',
  2: 'Недовложение',
  3: 'Пересорт',
  4: 'Повреждение при доставке',
  5: 'Другое',
} as const;
export type ClaimCase = keyof typeof CLAIM_CASES;

export const DEFAULT_CLAIM_CASE: ClaimCase = 1;

export function claimCaseName(value: number): string {
  return CLAIM_CASES[value as ClaimCase] ?? `Вид ${value}`;
}

export const CLAIM_STATUSES = {
  new: 'Новая',
  review: 'На рассмотрении',
  approved: 'Удовлетворена',
  partially_approved: 'Удовлетворена частично',
  rejected: 'Отклонена',
  closed: 'Закрыта',
} as const;
export type ClaimStatus = keyof typeof CLAIM_STATUSES;

/** A status the portal does not know yet (a new one in the back office) shows as it came. */
export function claimStatusName(status: string): string {
  return CLAIM_STATUSES[status as ClaimStatus] ?? status;
}

export const SHIPMENT_STATUSES = {
  new: 'Принята',
  planned: 'Запланирована',
  shipped: 'Отгружена',
  delivered: 'Доставлена',
  cancelled: 'Отменена',
} as const;
export type ShipmentStatus = keyof typeof SHIPMENT_STATUSES;

export function shipmentStatusName(status: string): string {
  return SHIPMENT_STATUSES[status as ShipmentStatus] ?? status;
}
