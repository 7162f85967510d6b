import type { Language } from '@kismat/contracts/languages';
import { LANGUAGE_HOME_COUNTRY } from '@kismat/contracts/regions';
import { eq } from 'drizzle-orm';
import { countries } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { pickText } from './localized-text';

export type CountryEntry = { country: string; name: string; dialingCode: string; phoneDigits: number };

const LOCALES: Record<Language, string> = { BN: 'bn', EN: 'en', SW: 'sw' };

/**
 * Active countries with dialing codes. The phone fields start on the first entry, so it is the
 * visitor's own country: the IP's country, else the language's home (SW: Kenya), then the
 * merchant's pinned ones (sort), then the rest by name in the request's language. A Kenyan
 * visitor reading Swahili is not handed +880.
 */
export async function listCountries(db: DbOrTx, language: Language, ipCountry: string | null = null): Promise<CountryEntry[]> {
  const rows = await db.select().from(countries).where(eq(countries.isActive, true));
  const collator = new Intl.Collator(LOCALES[language]);
  const preferred = [ipCountry, LANGUAGE_HOME_COUNTRY[language]].filter((code): code is string => Boolean(code));
  const rank = (code: string) => {
    const index = preferred.indexOf(code);
    return index === -1 ? preferred.length : index;
  };
  return rows
    .map((row) => ({
      rank: rank(row.code),
      sort: row.sort,
      entry: {
        country: row.code,
        name: pickText(row.names, language, row.code),
        dialingCode: row.dialingCode,
        phoneDigits: row.phoneDigits,
      },
    }))
    .sort((left, right) => left.rank - right.rank || left.sort - right.sort || collator.compare(left.entry.name, right.entry.name))
    .map((item) => item.entry);
}
