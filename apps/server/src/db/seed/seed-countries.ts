import { createRequire } from 'node:module';
import isoCountries, { type LocaleData } from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import type { DbOrTx } from '../../platform/db';
import { countries, type LocalizedText } from '../schema/system';

const require = createRequire(import.meta.url);
for (const locale of ['en', 'bn', 'sw']) {
  isoCountries.registerLocale(require(`i18n-iso-countries/langs/${locale}.json`) as LocaleData);
}

/** Shown first in the dialing-code select: the default merchant's market. */
const FIRST_COUNTRY = 'BD';

export type CountrySeed = { code: string; names: LocalizedText; dialingCode: string; phoneDigits: number; sort: number };

/**
 * Every ISO 3166 country with a telephone numbering plan: names from the CLDR-based
 * i18n-iso-countries, calling codes and national mobile-number length from libphonenumber's
 * metadata (the length of its example mobile number). Numbering territories without an ISO
 * code (Ascension, Tristan da Cunha) have no name there and are left out.
 */
export function buildCountryList(): CountrySeed[] {
  const list: CountrySeed[] = [];
  for (const code of getCountries()) {
    const english = isoCountries.getName(code, 'en');
    if (!english) continue;
    const example = getExampleNumber(code, mobileExamples);
    if (!example) continue;
    list.push({
      code,
      names: { EN: english, BN: isoCountries.getName(code, 'bn') ?? english, SW: isoCountries.getName(code, 'sw') ?? english },
      dialingCode: `+${getCountryCallingCode(code)}`,
      phoneDigits: example.nationalNumber.length,
      sort: code === FIRST_COUNTRY ? 0 : 100,
    });
  }
  return list;
}

export async function seedCountries(tx: DbOrTx): Promise<void> {
  await tx.insert(countries).values(buildCountryList()).onConflictDoNothing({ target: countries.code });
}
