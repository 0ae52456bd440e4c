/**
 * The built-in address-suggestion provider: answers like the public suggestion service (value, unrestricted_value,
 * data) from a shipped gazetteer of Russian regions, cities and streets (address-gazetteer.json). A house number
 * typed after a street is carried into the suggestion, as the public service does.
 */
import { readFileSync } from 'node:fs';
import type { TAddressSuggestion } from '@portal/contracts';

interface GazetteerFile {
  regions: Array<[name: string, type: string]>;
  cities: Array<[name: string, region: string, postal: string]>;
  /** City → "type name|postal" */
  streets: Record<string, string[]>;
}

type Level = 'city' | 'region' | 'street';
interface Entry {
  level: Level;
  region: string;
  regionType: string;
  city: string | null;
  street: string | null;
  streetType: string | null;
  postal: string | null;
  /** Normalised words of the region. */
  regionWords: string[];
  /** Normalised words of the city and street: the words a query is expected to name. */
  nameWords: string[];
  order: number;
}

const LEVEL_RANK: Record<Level, number> = { city: 0, region: 1, street: 2 };

/** Words that only name a kind of place ("ул", "город", "д"): a query may carry them, matching ignores them. */
const TYPE_WORDS = new Set([
  'г', 'гор', 'город', 'ул', 'улица', 'пр', 'пр-кт', 'пркт', 'проспект', 'пер', 'переулок', 'наб', 'набережная', 'ш',
  'шоссе', 'б-р', 'бульвар', 'обл', 'область', 'респ', 'республика', 'край', 'ао', 'аобл', 'автономный', 'пл', 'площадь',
  'тракт', 'проезд', 'пр-д', 'россия', 'рф', 'д', 'дом', 'мкр', 'р-н', 'район',
]);
const HOUSE = /^\d{1,4}[а-я]?(\/\d{1,4}[а-я]?)?$/;

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[,.;:()"«»'!?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (text: string) => normalise(text).split(' ').filter(Boolean);

export function regionWithType(name: string, type: string): string {
  if (type === 'г') return `г ${name}`;
  if (/округ/i.test(name)) return name;
  if (type === 'Респ' && !/ская$/.test(name)) return `Респ ${name}`;
  return `${name} ${type}`;
}

/** "пр-кт Мира", but "Невский пр-кт" and "Варшавское ш": an adjective name goes before its type, as the public service writes it. */
export function streetWithType(name: string, type: string): string {
  return type !== 'ул' && /(ий|ый|ой|ое|ая|ее)$/.test(name) ? `${name} ${type}` : `${type} ${name}`;
}

export class AddressGazetteer {
  private readonly entries: Entry[] = [];

  constructor(file: GazetteerFile) {
    const regionTypes = new Map(file.regions.map(([name, type]) => [name, type]));
    let order = 0;
    for (const [name, type] of file.regions) {
      // A federal city is offered as the city, not twice.
      if (type === 'г') continue;
      this.entries.push({ level: 'region', region: name, regionType: type, city: null, street: null, streetType: null, postal: null, regionWords: words(name), nameWords: [], order: order++ });
    }
    for (const [city, region, postal] of file.cities) {
      const regionType = regionTypes.get(region) ?? 'обл';
      const regionWords = regionType === 'г' ? [] : words(region);
      this.entries.push({ level: 'city', region, regionType, city, street: null, streetType: null, postal, regionWords, nameWords: words(city), order: order++ });
      for (const line of file.streets[city] ?? []) {
        const [full = '', streetPostal] = line.split('|');
        const space = full.indexOf(' ');
        const streetType = full.slice(0, space);
        const street = full.slice(space + 1);
        this.entries.push({
          level: 'street', region, regionType, city, street, streetType, postal: streetPostal ?? postal,
          regionWords, nameWords: [...words(city), ...words(street)], order: order++,
        });
      }
    }
  }

  get size(): number {
    return this.entries.length;
  }

  suggest(query: string, count: number): TAddressSuggestion[] {
    const tokens = words(query).filter((token) => !TYPE_WORDS.has(token));
    if (tokens.length === 0) return [];
    const matches: Array<{ entry: Entry; house: string | null; penalty: number }> = [];
    for (const entry of this.entries) {
      const match = matchEntry(entry, tokens);
      if (match) matches.push({ entry, ...match });
    }
    matches.sort(
      (a, b) =>
        a.penalty - b.penalty ||
        Number(b.house !== null) - Number(a.house !== null) ||
        LEVEL_RANK[a.entry.level] - LEVEL_RANK[b.entry.level] ||
        a.entry.order - b.entry.order,
    );
    return matches.slice(0, count).map(({ entry, house }) => toSuggestion(entry, house));
  }
}

/** Every query word must start a distinct word of the entry; a number left over after a street is its house. */
function matchEntry(entry: Entry, tokens: string[]): { house: string | null; penalty: number } | null {
  const available = [...entry.nameWords, ...entry.regionWords];
  const used = new Set<number>();
  let house: string | null = null;
  for (const token of tokens) {
    let hit = available.findIndex((word, i) => !used.has(i) && word === token);
    if (hit < 0) hit = available.findIndex((word, i) => !used.has(i) && word.startsWith(token));
    if (hit >= 0) {
      used.add(hit);
      continue;
    }
    if (entry.level === 'street' && house === null && HOUSE.test(token)) {
      house = token;
      continue;
    }
    return null;
  }
  // Each word of the city or street the query did not name makes the entry a weaker answer.
  const penalty = entry.nameWords.filter((_, i) => !used.has(i)).length;
  return { house, penalty };
}

function toSuggestion(entry: Entry, house: string | null): TAddressSuggestion {
  const region = regionWithType(entry.region, entry.regionType);
  const city = entry.city ? `г ${entry.city}` : null;
  const street = entry.street && entry.streetType ? streetWithType(entry.street, entry.streetType) : null;
  const houseText = house ? `д ${house}` : null;
  const federalCity = entry.regionType === 'г';
  const value = entry.level === 'region' ? region : [city, street, houseText].filter(Boolean).join(', ');
  const unrestricted = [
    house ? entry.postal : null,
    federalCity ? null : region,
    city,
    street,
    houseText,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    value,
    unrestricted_value: unrestricted,
    data: {
      postal_code: entry.level === 'region' ? null : entry.postal,
      country: 'Россия',
      region: entry.region,
      region_type: entry.regionType,
      region_with_type: region,
      city: entry.city,
      city_type: entry.city ? 'г' : null,
      city_with_type: city,
      street: entry.street,
      street_type: entry.streetType,
      street_with_type: street,
      house,
      house_type: house ? 'д' : null,
    },
  };
}

let loaded: AddressGazetteer | undefined;
/** The shipped gazetteer, read once. */
export function builtInGazetteer(): AddressGazetteer {
  loaded ??= new AddressGazetteer(JSON.parse(readFileSync(new URL('./address-gazetteer.json', import.meta.url), 'utf8')) as GazetteerFile);
  return loaded;
}
