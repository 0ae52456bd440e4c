/**
 * Failed attempts per address, in memory: after `limit` failures within `windowMs` of the first, the address is
 * refused until that window ends — whatever it sends then, so a guess cannot be confirmed by a success. Successes
 * are not counted. Each process keeps its own counts (several processes on PostgreSQL each allow the limit).
 */
export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(address: string): boolean {
    const entry = this.failures.get(address);
    if (!entry) return false;
    if (entry.until <= this.now()) {
      this.failures.delete(address);
      return false;
    }
    return entry.count >= this.limit;
  }

  fail(address: string): void {
    const now = this.now();
    const entry = this.failures.get(address);
    if (entry && entry.until > now) entry.count += 1;
    else this.failures.set(address, { count: 1, until: now + this.windowMs });
    // Expired addresses are dropped now and then, so a scan from many addresses cannot grow the map for good.
    if (this.failures.size > 10_000) {
      for (const [key, value] of this.failures) if (value.until <= now) this.failures.delete(key);
    }
  }
}

/** Wrong keys (the integration key, the metrics token) one address may send per window before it is refused. */
export const WRONG_KEYS_PER_WINDOW = 20;
export const WRONG_KEY_WINDOW_MS = 15 * 60_000;

/** The throttle of a route guarded by a configured key: a key cannot be guessed faster than 20 tries in 15 minutes. */
export function wrongKeyThrottle(): FailureThrottle {
  return new FailureThrottle(WRONG_KEYS_PER_WINDOW, WRONG_KEY_WINDOW_MS);
}
