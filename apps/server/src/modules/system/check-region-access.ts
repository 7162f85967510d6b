import ipaddr from 'ipaddr.js';
import { lookupCountry, normaliseIp } from './lookup-country';

export type RegionRules = { blockedCountries: readonly string[]; ipAllowList: readonly string[]; ipBlockList: readonly string[] };
export type RegionAccess = {
  isRestricted: boolean;
  country: string | null;
  /** Which rule decided; null when no rule applied. */
  reason: 'ALLOWED_IP' | 'BLOCKED_IP' | 'BLOCKED_COUNTRY' | null;
};

/** True when `rule` is a single IP or a CIDR range ipaddr.js can parse. */
export function isValidIpRule(rule: string): boolean {
  if (rule.includes('/')) {
    try {
      ipaddr.parseCIDR(rule);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(rule);
}

/** `ip` is already normalised (IPv4-mapped addresses are IPv4), so kinds compare directly. */
function matchesIpRule(ip: string, rule: string): boolean {
  try {
    const address = ipaddr.parse(ip);
    if (rule.includes('/')) {
      const [network, bits] = ipaddr.parseCIDR(rule);
      return address.kind() === network.kind() && address.match([network, bits]);
    }
    return normaliseIp(rule) === address.toString();
  } catch {
    return false;
  }
}

/**
 * The region decision for one caller. The allow list wins over every block (an operator lets
 * a partner or office in from a blocked country), then the IP block list, then the country.
 */
export function checkRegionAccess(ip: string, rules: RegionRules): RegionAccess {
  const normalised = normaliseIp(ip);
  const country = normalised ? lookupCountry(normalised) : null;
  if (!normalised) return { isRestricted: false, country, reason: null };
  if (rules.ipAllowList.some((rule) => matchesIpRule(normalised, rule))) return { isRestricted: false, country, reason: 'ALLOWED_IP' };
  if (rules.ipBlockList.some((rule) => matchesIpRule(normalised, rule))) return { isRestricted: true, country, reason: 'BLOCKED_IP' };
  if (country && rules.blockedCountries.includes(country)) return { isRestricted: true, country, reason: 'BLOCKED_COUNTRY' };
  return { isRestricted: false, country, reason: null };
}
