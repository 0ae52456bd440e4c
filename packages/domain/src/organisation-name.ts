import { ORGANISATION_NAMES, type OrganisationGuid } from './constants';

/**
 * The selling organisation's name by its guid (spec §9), wherever it is shown: a contract, an offer, a check, an
 * invoice, a message. A guid that names no organisation of ours is shown as `fallback` (the guid itself unless told).
 */
export function organisationName(guid: string, fallback: string = guid): string {
  return Object.hasOwn(ORGANISATION_NAMES, guid) ? ORGANISATION_NAMES[guid as OrganisationGuid] : fallback;
}
