import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { countries, type LocalizedText } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

type TerritoryFile = { main: Record<string, { localeDisplayNames: { territories: Record<string, string> } }> };

const require = createRequire(import.meta.url);

/**
 * Country names from Unicode CLDR (cldr-localenames-full), the data every browser and ICU
 * ships. i18n-iso-countries' Swahili list was machine-translated ("Benign" for Benin, "Kofia ya
 * kijani" for Cape Verde, "Mkutano" for Réunion), so it is not used.
 */
function territoryNames(locale: 'en' | 'bn' | 'sw'): Record<string, string> {
  const file = require(`cldr-localenames-full/main/${locale}/territories.json`) as TerritoryFile;
  const names = file.main[locale]?.localeDisplayNames.territories;
  if (!names) throw new Error(`CLDR has no territory names for ${locale}`);
  return names;
}

/** Shown first in the dialing-code select: the default merchant's market. */
const FIRST_COUNTRY = 'BD';

export type CountrySeed = { code: string; names: LocalizedText; dialingCode: string; phoneDigits: number; sort: number };

/**
 * Every ISO 3166 country with a telephone numbering plan: names from CLDR, calling codes and
 * national mobile-number length from libphonenumber's metadata (the length of its example
 * mobile number). Ascension (AC) and Tristan da Cunha (TA) are numbering regions but not
 * ISO 3166-1 countries (parts of Saint Helena, SH) and are left out.
 */
export function buildCountryList(): CountrySeed[] {
  const [en, bn, sw] = [territoryNames('en'), territoryNames('bn'), territoryNames('sw')];
  const list: CountrySeed[] = [];
  for (const code of getCountries()) {
    const english = en[code];
    if (!english || code === 'AC' || code === 'TA') continue;
    const example = getExampleNumber(code, mobileExamples);
    if (!example) continue;
    list.push({
      code,
      names: { EN: english, BN: bn[code] ?? english, SW: sw[code] ?? english },
      dialingCode: `+${getCountryCallingCode(code)}`,
      phoneDigits: example.nationalNumber.length,
      sort: code === FIRST_COUNTRY ? 0 : 100,
    });
  }
  return list;
}

/** New countries are added; existing ones get the current names (a release may correct them), keeping the operator's sort and switch. */
export async function seedCountries(tx: DbOrTx): Promise<void> {
  await tx
    .insert(countries)
    .values(buildCountryList())
    .onConflictDoUpdate({
      target: countries.code,
      set: { names: sql`excluded.names` },
      setWhere: sql`${countries.names} is distinct from excluded.names`,
    });
}
