import type { Language } from '@kismat/contracts/languages';
import { eq } from 'drizzle-orm';
import { countries } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { pickText } from './localized-text';

export type CountryEntry = { country: string; name: string; dialingCode: string; phoneDigits: number };

const LOCALES: Record<Language, string> = { BN: 'bn', EN: 'en', SW: 'sw' };

/** Active countries with dialing codes, pinned ones first (sort), then by name in the request's language. */
export async function listCountries(db: DbOrTx, language: Language): Promise<CountryEntry[]> {
  const rows = await db.select().from(countries).where(eq(countries.isActive, true));
  const collator = new Intl.Collator(LOCALES[language]);
  return rows
    .map((row) => ({
      sort: row.sort,
      entry: {
        country: row.code,
        name: pickText(row.names, language, row.code),
        dialingCode: row.dialingCode,
        phoneDigits: row.phoneDigits,
      },
    }))
    .sort((left, right) => left.sort - right.sort || collator.compare(left.entry.name, right.entry.name))
    .map((item) => item.entry);
}
