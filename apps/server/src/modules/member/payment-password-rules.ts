/**
 * The PINs people pick most (published PIN-frequency studies): someone who picks up an
 * unlocked phone tries these first, well inside the payment password's few allowed guesses.
 * Repeated digits, runs, and repeated pairs or triples are caught by rule below.
 */
const COMMON_PINS = new Set(['123321', '112233', '159753', '147258', '258369', '789456', '123654', '102030', '007007', '147852']);

function isRun(digits: number[], step: 1 | -1): boolean {
  return digits.every((digit, index) => index === 0 || digit === (digits[index - 1] ?? 0) + step);
}

function repeatsEvery(pin: string, period: number): boolean {
  for (let index = period; index < pin.length; index += 1) if (pin[index] !== pin[index - period]) return false;
  return true;
}

/** The member's birthday (yyyy-MM-dd) written the ways people turn it into a PIN. */
function birthdayForms(birthday: string): string[] {
  const match = /^(\d{2})(\d{2})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return [];
  const [, century = '', yy = '', mm = '', dd = ''] = match;
  return [`${dd}${mm}${yy}`, `${mm}${dd}${yy}`, `${yy}${mm}${dd}`, `${dd}${mm}${century}${yy}`, `${century}${yy}${mm}${dd}`];
}

/**
 * Whether a payment password is among the first guesses: one digit repeated (000000), a run
 * up or down (123456, 654321), a repeated pair or triple (121212, 123123), a famous PIN, or
 * the member's own birthday. Only digit PINs are judged; other merchant formats pass.
 */
export function isTrivialPaymentPassword(pin: string, birthday?: string | null): boolean {
  if (!/^\d+$/.test(pin)) return false;
  const digits = [...pin].map(Number);
  if (isRun(digits, 1) || isRun(digits, -1)) return true;
  if ([1, 2, 3].some((period) => pin.length >= 2 * period && repeatsEvery(pin, period))) return true;
  if (COMMON_PINS.has(pin)) return true;
  return birthday ? birthdayForms(birthday).includes(pin) : false;
}
