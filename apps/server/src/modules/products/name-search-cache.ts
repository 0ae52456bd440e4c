/**
 * Name search keeps its ranked list of matches for a short while, per normalised query: dealers repeat the same
 * searches, and a repeated one then costs no statement at all (a first-time one reads the word index). Only the list
 * is kept; the chosen product's offers, stock and prices are read live on every search. Least recently used entries go
 * first when the cache is full.
 */
export class NameSearchCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlSeconds <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlSeconds * 1000 });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
