import type { RgOverviewValue } from '@kismat/contracts/responsible-gambling';

/** A member's safer-gambling overview for tests: no limits, nothing pending, no exclusion; `overrides` win. */
export function rgOverview(overrides: Partial<RgOverviewValue> = {}): RgOverviewValue {
  return {
    limits: [],
    pending: [],
    exclusion: null,
    realityCheckMinutes: null,
    reviewDue: false,
    depositLimitPrompt: false,
    restricted: true,
    ...overrides,
  };
}
