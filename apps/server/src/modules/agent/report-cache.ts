/*
 * A short-lived, single-flight memo for the agent reports' headcounts over large teams (issue 16):
 * how many members a team has and how many of them were active in a period are exact only by
 * visiting every member (100,000 index probes for a 100,000-member team, ~0.5 s), and not
 * additive over hours. Agents reload the same overview; the answer is kept REPORT_CACHE_MS per
 * (merchant, root, period, ...) on this node, and callers asking while it is being computed wait
 * for the one query instead of running their own. A report may so trail by up to that long
 * (documented on the overview); money paths never read it.
 */

export const REPORT_CACHE_MS = 30_000;
const MAX_ENTRIES = 2_000;

const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export function memoizedReport<T>(key: string, nowMs: number, compute: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && nowMs - hit.at < REPORT_CACHE_MS && nowMs >= hit.at) return hit.value as Promise<T>;
  const value = compute();
  entries.set(key, { at: nowMs, value });
  // A failure is not kept: the next caller computes again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  if (entries.size > MAX_ENTRIES) {
    for (const [oldKey, entry] of entries) {
      if (nowMs - entry.at >= REPORT_CACHE_MS || entries.size > MAX_ENTRIES) entries.delete(oldKey);
      if (entries.size <= MAX_ENTRIES / 2) break;
    }
  }
  return value;
}
