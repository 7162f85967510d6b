import { create } from 'zustand';

/**
 * The merchant's time zone as permission info states it (minutes east of UTC). The server reads
 * every day a member picks (records, reports, history) in this zone, whatever the device's own
 * zone is; lib/date-presets counts "today" from it. Null until permission info arrives (the site
 * gate renders no page before then).
 */
interface SiteClockState {
  utcOffsetMinutes: number | null;
  setUtcOffsetMinutes: (utcOffsetMinutes: number) => void;
}

export const useSiteClockStore = create<SiteClockState>()((set) => ({
  utcOffsetMinutes: null,
  setUtcOffsetMinutes: (utcOffsetMinutes) => set({ utcOffsetMinutes }),
}));
