/**
 * The short code of a free-play (trial) account: "trial_5f0c9a1b2ed9" -> "2ED9". The server's
 * nickname for such an account is English ("Trial 2ED9"); the header builds the name in the page
 * language from this code instead.
 */
export function trialCode(account: string | null | undefined): string | null {
  const match = /^trial_([0-9a-f]{4,})$/i.exec(account ?? '');
  return match?.[1] ? match[1].slice(-4).toUpperCase() : null;
}
