import type { TFunction } from 'i18next';

/**
 * Ledger descriptions the server writes are English sentences from fixed templates
 * (cashier move-member-funds: "To downline <username>", "To upline <username>"; wallet: "Play
 * money", "Reversal of transfer <id>"). They are shown in the reader's language; anything else
 * (an operator's own note on an adjustment) is shown as it was written.
 */
const TEMPLATES: readonly { pattern: RegExp; key: 'toDownline' | 'toUpline' | 'playMoney' | 'reversal' }[] = [
  { pattern: /^To downline (?<name>\S+)$/, key: 'toDownline' },
  { pattern: /^To upline (?<name>\S+)$/, key: 'toUpline' },
  { pattern: /^Play money$/, key: 'playMoney' },
  { pattern: /^Reversal of transfer (?<name>\d+)$/, key: 'reversal' },
];

export function describeEntry(description: string | null | undefined, t: TFunction): string {
  if (!description) return '—';
  for (const { pattern, key } of TEMPLATES) {
    const match = pattern.exec(description);
    if (match) return t(`agentCentre.reports.descriptions.${key}`, { name: match.groups?.name ?? '' });
  }
  return description;
}
