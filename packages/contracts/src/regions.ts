import type { Language } from './languages';

/**
 * Where a visitor most likely is, for defaults only (the dialing code a phone field starts with,
 * the payment brands the footer shows); never for access, which the region gate decides.
 * The IP's country wins; without one (a private address, an unknown range) the interface
 * language stands in: Swahili readers are most often in Kenya, Bengali readers in Bangladesh.
 * EN has no country of its own and follows the merchant's market.
 */
export const LANGUAGE_HOME_COUNTRY: Record<Language, string | null> = { BN: 'BD', EN: null, SW: 'KE' };

/** The merchant's own market: the default when neither the IP nor the language says more. */
export const DEFAULT_MARKET_COUNTRY = 'BD';

/** The visitor's likely country (ISO 3166 alpha-2): the IP's, else the language's home, else the market's. */
export function visitorCountry(language: Language, ipCountry: string | null | undefined): string {
  return ipCountry?.toUpperCase() || LANGUAGE_HOME_COUNTRY[language] || DEFAULT_MARKET_COUNTRY;
}
