import { describe, expect, it } from 'vitest';
import { ALWAYS_SHOWN_PAGES, parseStoredFlags, visibleAgentPages } from './menu-pages';

const none = { dailysalreqtype: false, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false };

describe('agent menu by contract flags', () => {
  it('shows only the always-shown pages without flags', () => {
    expect(visibleAgentPages(null)).toEqual([...ALWAYS_SHOWN_PAGES]);
    expect(visibleAgentPages(none)).toEqual([...ALWAYS_SHOWN_PAGES]);
  });

  it.each([
    ['divtypereq', 'agentDividendRecordCopy2'],
    ['dailysalreqtype', 'agentDailyWages2'],
    ['contracthoursalreq', 'agentHourSalary'],
    ['realtimesalreqtype', 'agentRealtimeSalary'],
  ] as const)('%s switches on %s and nothing else', (flag, page) => {
    const pages = visibleAgentPages({ ...none, [flag]: true });
    expect(pages).toEqual([...ALWAYS_SHOWN_PAGES, page]);
  });

  it('keeps the spec order with every flag on', () => {
    const all = { dailysalreqtype: true, divtypereq: true, contracthoursalreq: true, realtimesalreqtype: true };
    expect(visibleAgentPages(all).slice(ALWAYS_SHOWN_PAGES.length)).toEqual([
      'agentDividendRecordCopy2',
      'agentDailyWages2',
      'agentHourSalary',
      'agentRealtimeSalary',
    ]);
  });

  it('reads the session copy and survives garbage', () => {
    expect(parseStoredFlags('{"divtypereq":true}')).toEqual({ ...none, divtypereq: true });
    expect(parseStoredFlags('not json')).toBeNull();
    expect(parseStoredFlags(null)).toBeNull();
  });
});
