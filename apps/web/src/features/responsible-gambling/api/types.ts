import type {
  RgExclusion,
  RgHistoryItem,
  RgLimitKind,
  RgOverviewValue,
  RgPeriod,
  RgRealityCheckValue,
} from '@kismat/contracts/responsible-gambling';

/** The answers whose schema the contract names but exports no type for. */
export interface RgLimitChange {
  outcome: 'APPLIED' | 'PENDING' | 'UNCHANGED';
  changeId: number | null;
  effectiveAt: string | null;
  overview: RgOverviewValue;
}

export interface RgHistoryPage {
  list: RgHistoryItem[];
  total: number;
  page: number;
  size: number;
}

export interface RgExclusionTaken {
  exclusion: RgExclusion;
  sessionsEnded: boolean;
}

export interface RgRealityCheckAck {
  loggedOut: boolean;
  realityCheck: RgRealityCheckValue | null;
}

export interface RgLimitSlot {
  kind: RgLimitKind;
  period: RgPeriod;
}
