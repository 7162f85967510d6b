/** Contract flags of GET /wps/member/info/funds/consolidated (spec section 3). */
export interface ContractFlags {
  dailysalreqtype: boolean;
  divtypereq: boolean;
  contracthoursalreq: boolean;
  realtimesalreqtype: boolean;
}

/** Always-shown agent menu pages (spec section 2), in menu order. */
export const ALWAYS_SHOWN_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
] as const;

/** Pages shown by contract type: each names the consolidated flag that switches it on. */
export const CONTRACT_PAGES = {
  agentDividendRecordCopy2: 'divtypereq',
  agentDailyWages2: 'dailysalreqtype',
  agentHourSalary: 'contracthoursalreq',
  agentRealtimeSalary: 'realtimesalreqtype',
} as const satisfies Record<string, keyof ContractFlags>;

export type ContractPage = keyof typeof CONTRACT_PAGES;
export type AgentPage = (typeof ALWAYS_SHOWN_PAGES)[number] | ContractPage;

/** Entries that lead elsewhere (member centre, messages, service), shown after the pages. */
export const OTHER_ENTRIES = ['deposit', 'withdraw', 'platformMessages', 'customerService'] as const;
export type OtherEntry = (typeof OTHER_ENTRIES)[number];

export const ALL_AGENT_PAGES: readonly AgentPage[] = [...ALWAYS_SHOWN_PAGES, ...(Object.keys(CONTRACT_PAGES) as ContractPage[])];

/**
 * The menu an agent sees: the always-shown pages, then each contract page whose flag is on.
 * `enableCt` (the dividend flag) is stored as enableContract; no flags yet means no contract pages.
 */
export function visibleAgentPages(flags: ContractFlags | null | undefined): AgentPage[] {
  const contractPages = (Object.entries(CONTRACT_PAGES) as [ContractPage, keyof ContractFlags][])
    .filter(([, flag]) => flags?.[flag] === true)
    .map(([page]) => page);
  return [...ALWAYS_SHOWN_PAGES, ...contractPages];
}

export function isAgentPage(value: string | null): value is AgentPage {
  return value !== null && (ALL_AGENT_PAGES as readonly string[]).includes(value);
}

export function isOtherEntry(value: string | null): value is OtherEntry {
  return value !== null && (OTHER_ENTRIES as readonly string[]).includes(value);
}

/** Reads the flags the login stored in the session (`consolidated`), or null when absent or unreadable. */
export function parseStoredFlags(stored: string | null): ContractFlags | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return {
      dailysalreqtype: record.dailysalreqtype === true,
      divtypereq: record.divtypereq === true,
      contracthoursalreq: record.contracthoursalreq === true,
      realtimesalreqtype: record.realtimesalreqtype === true,
    };
  } catch {
    return null;
  }
}
