import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';

type GeoIpCountry = { lookup(ip: string): { country: string } | null };

let geoip: GeoIpCountry | undefined;

/**
 * Loaded on first use: the country database (geoip-country, GeoLite2 data shipped inside the
 * npm package, no network) takes a moment and a few MB, which tests that never ask do not pay.
 */
function loadGeoIp(): GeoIpCountry {
  if (!geoip) geoip = createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
  return geoip;
}

/** The canonical text of an address; IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes IPv4. Null if not an IP. */
export function normaliseIp(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  return ipaddr.process(ip).toString();
}

/** Only public unicast addresses have a country; loopback, private and reserved ranges do not. */
export function isPublicIp(ip: string): boolean {
  const normalised = normaliseIp(ip);
  return normalised !== null && ipaddr.parse(normalised).range() === 'unicast';
}

/** ISO 3166 alpha-2 country of a public IP, or null. */
export function lookupCountry(ip: string): string | null {
  const normalised = normaliseIp(ip);
  if (!normalised || !isPublicIp(normalised)) return null;
  return loadGeoIp().lookup(normalised)?.country ?? null;
}
