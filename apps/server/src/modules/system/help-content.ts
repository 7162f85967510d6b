import type { LocalizedText } from '../../db/schema/system';
import defaultHelp from './help-content/default.json';
import eastAfricaHelp from './help-content/east-africa.json';

/** Seeded help text in every interface language: a language left out of the JSON fails the typecheck here. */
type Localized = Required<LocalizedText>;
export type HelpArticleSeed = { slug: string; title: Localized; content: Localized };
export type HelpCategorySeed = { slug: string; title: Localized; articles: HelpArticleSeed[] };

/**
 * Help-centre text of the default merchant, in BN, EN and SW: data in help-content/default.json. HTML limited to
 * headings, paragraphs and lists (the web sanitises it). The terms article's slug is `term` because the register popup
 * links to /help#term.
 */
export const HELP_CENTRE: HelpCategorySeed[] = defaultHelp;

/**
 * The East African merchant's (KISMAT-KE) help centre: the default merchant's, with the deposit and withdrawal guides
 * (help-content/east-africa.json) written for M-Pesa and Kenyan shillings (no bKash, Nagad, Rocket or ৳).
 */
const KE_BANKING: HelpArticleSeed[] = eastAfricaHelp.banking;

export const KE_HELP_CENTRE: HelpCategorySeed[] = HELP_CENTRE.map((category) =>
  category.slug === 'banking' ? { ...category, articles: KE_BANKING } : category,
);
