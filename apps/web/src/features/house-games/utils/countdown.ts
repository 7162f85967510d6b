/** Whole seconds from now to a deadline, never negative; `offsetMs` is server time minus local time. */
export function secondsUntil(deadlineIso: string, nowMs: number, offsetMs = 0): number {
  const deadline = Date.parse(deadlineIso);
  if (Number.isNaN(deadline)) return 0;
  return Math.max(0, Math.ceil((deadline - (nowMs + offsetMs)) / 1000));
}

/** 75 -> "01:15"; an hour or more -> "1:02:03". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}
