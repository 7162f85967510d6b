/**
 * The site's glossary (docs/glossary.md explains each choice): one idea, one word, per language.
 * glossary.test.ts flags any BN or SW text, in the web's locales and in the server's messages and
 * seeded content, that uses a forbidden alternative, so a term is never translated two ways.
 *
 * Patterns are matched against one text at a time. `keys` narrows a rule to some locale keys
 * (a lost ticket may not say "failed", a failed deposit may).
 */
export interface GlossaryRule {
  /** The one word (or phrase) the language uses for the idea. */
  use: string;
  /** Alternatives that must not appear, with the reason a reviewer gave. */
  forbidden: readonly { pattern: RegExp; why: string }[];
  /** Only texts under these locale keys (server texts have no keys and are skipped). */
  keys?: RegExp;
}

export interface GlossaryTerm {
  concept: string;
  en: string;
  bn?: GlossaryRule;
  sw?: GlossaryRule;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    concept: 'deposit',
    en: 'Deposit',
    bn: { use: 'ডিপোজিট', forbidden: [{ pattern: /জমা/u, why: 'জমা is also used for Submit; deposit is ডিপোজিট everywhere' }] },
    sw: {
      use: 'weka pesa / kuweka pesa',
      forbidden: [{ pattern: /amana/iu, why: 'amana reads as safekeeping; M-Pesa says "weka pesa"' }],
    },
  },
  {
    concept: 'submit (a form)',
    en: 'Submit',
    bn: { use: 'সাবমিট করুন', forbidden: [{ pattern: /জমা দিন/u, why: '"জমা দিন" also means "deposit"' }] },
  },
  {
    concept: 'bet (noun and verb)',
    en: 'Bet',
    bn: { use: 'বাজি (বাজি ধরুন)', forbidden: [{ pattern: /(?<!রি)বেট/u, why: 'বেট/বেটিং next to বাজি is one idea in two words' }] },
    sw: { use: 'dau (madau), weka dau', forbidden: [{ pattern: /\bbeti\b/iu, why: 'dau is the word' }] },
  },
  {
    concept: 'bets closed (lottery)',
    en: 'Betting closed',
    sw: {
      use: 'Madau yamefungwa',
      forbidden: [{ pattern: /\bdau zi/iu, why: 'dau takes ma- agreement (madau yamefungwa), never zi-' }],
    },
  },
  {
    concept: 'downline',
    en: 'Downline',
    bn: { use: 'ডাউনলাইন', forbidden: [] },
    sw: {
      use: 'mwanachama wa chini (wanachama wa chini)',
      forbidden: [
        { pattern: /\b(?:walio|aliye) chini\b/iu, why: 'five words for downline; one is used' },
        { pattern: /\bkwa wa chini\b/iu, why: 'ungrammatical ("to of below")' },
        { pattern: /\bwanachama wako\b(?! wa chini)/iu, why: 'downline is "wanachama wa chini"' },
      ],
    },
  },
  {
    concept: 'upline',
    en: 'Upline',
    bn: { use: 'আপলাইন', forbidden: [] },
    sw: { use: 'wakala wa juu', forbidden: [{ pattern: /\baliye juu\b/iu, why: 'upline is "wakala wa juu"' }] },
  },
  {
    concept: 'rebate',
    en: 'Rebate',
    bn: { use: 'রিবেট', forbidden: [] },
    sw: {
      use: 'marejesho',
      forbidden: [
        { pattern: /\bpunguzo\b/iu, why: 'punguzo is a price discount' },
        { pattern: /\brejesho\b/iu, why: 'marejesho, one form' },
      ],
    },
  },
  {
    concept: 'redeem (points)',
    en: 'Redeem',
    bn: { use: 'রিডিম', forbidden: [] },
    sw: {
      use: 'kubadilisha pointi',
      forbidden: [{ pattern: /kombo[al]|ukombozi/iu, why: 'ukombozi is salvation/liberation' }],
    },
  },
  {
    concept: 'lost (a ticket or bet)',
    en: 'Lost',
    sw: {
      use: 'Haikushinda',
      keys: /(?:tickets\.status\.lost|draw\.lost|records\.status)/,
      forbidden: [{ pattern: /imeshindwa/iu, why: 'imeshindwa means "failed", not "did not win"' }],
    },
  },
  {
    concept: 'sportsbook',
    en: 'Sportsbook',
    sw: {
      use: 'Michezo ya kubashiri',
      forbidden: [{ pattern: /kitabu cha michezo/iu, why: 'a literal "book of games"' }],
    },
  },
  {
    concept: 'centre (member, agent, security, help)',
    en: 'Centre',
    bn: { use: 'কেন্দ্র', forbidden: [{ pattern: /সেন্টার/u, why: 'সদস্য কেন্দ্র and এজেন্ট সেন্টার side by side' }] },
    sw: { use: 'kituo', forbidden: [] },
  },
  {
    concept: 'team (agent)',
    en: 'Team',
    bn: { use: 'দল', forbidden: [{ pattern: /টিম/u, why: 'দল and টিম side by side' }] },
    sw: { use: 'timu', forbidden: [] },
  },
  {
    concept: 'full name (payee name)',
    en: 'Full name',
    bn: {
      use: 'পূর্ণ নাম',
      forbidden: [
        { pattern: /পদবি/u, why: 'পদবি reads as a job title in Bangladesh' },
        { pattern: /পুরো নাম/u, why: 'পূর্ণ নাম, one form' },
      ],
    },
  },
  {
    concept: 'digits',
    en: '0-9',
    bn: {
      use: 'Latin digits 0-9 (as amounts, dates, codes)',
      forbidden: [{ pattern: /[\u09E6-\u09EF]/u, why: 'Bengali digits next to Latin ones in amounts and dates' }],
    },
  },
  {
    concept: 'minimum age',
    en: '21+',
    bn: { use: '21', forbidden: [{ pattern: /(?<![\d:.])(?:18|১৮)(?:\s*\+|\s*বছর| বা )/u, why: 'the site states one age: 21' }] },
    sw: { use: '21', forbidden: [{ pattern: /miaka 18\b|\b18\+/iu, why: 'the site states one age: 21' }] },
  },
];
