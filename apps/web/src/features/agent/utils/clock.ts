/**
 * The agent centre shows time in the merchant's zone, not the browser's: settlement periods
 * (daily salary, dividends) close at the merchant's midnight, wherever the agent sits.
 */

/** "GMT+06:00" for an offset east of UTC in minutes (negative west). */
export function formatGmtOffset(offsetMinutes: number): string {
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const absolute = Math.abs(offsetMinutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${minutes}`;
}

/** `instant` moved so that its UTC fields read the wall clock of a zone `offsetMinutes` east of UTC. */
export function merchantWallTime(instant: Date, offsetMinutes: number): Date {
  return new Date(instant.getTime() + offsetMinutes * 60_000);
}
