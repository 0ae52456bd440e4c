/**
 * The longest text a field of a request may hold, by kind of field — one place for every contract and for the
 * server's guard (which refuses any longer text on every route, whatever its contract says).
 */
export const TEXT_LIMITS = {
  /** Identifiers, codes, logins, names, phone numbers, addresses, links: one line. */
  line: 1_000,
  /** Text a person writes: comments, messages, descriptions of a claim. */
  text: 10_000,
  /** Documents the ERP sends: product descriptions (HTML), news and case texts. */
  document: 200_000,
} as const;

/** «поле: не длиннее N символов, прислано M.» — for a `.max(limit, { error: tooLong('поле', limit) })`. */
export const tooLong = (what: string, limit: number) => (issue: { input?: unknown }) =>
  `${what}: не длиннее ${limit} символов, прислано ${typeof issue.input === 'string' ? issue.input.length : 'больше'}.`;
