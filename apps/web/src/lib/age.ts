/** Spec sections 5 and 9: the birthday must make the member at least 21 (18 is the consent age). */
export const MINIMUM_BIRTHDAY_AGE = 21;

/**
 * The one age the site states (footer badge, sign-up declaration, terms, responsible gaming):
 * the birthday check's, so no page says 18+ while registration refuses a 19-year-old.
 */
export const SITE_MINIMUM_AGE = MINIMUM_BIRTHDAY_AGE;

/**
 * Age in whole years on `today` of someone born on `birthday` (yyyy-MM-dd or MM-dd-yyyy, the two
 * date families of spec section 5), or null when the text is not such a date.
 */
export function ageOn(birthday: string, today: Date): number | null {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const mdy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(birthday);
  const parts = ymd ? { year: ymd[1], month: ymd[2], day: ymd[3] } : mdy ? { year: mdy[3], month: mdy[1], day: mdy[2] } : null;
  if (!parts) return null;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let age = today.getFullYear() - year;
  const monthNow = today.getMonth() + 1;
  if (monthNow < month || (monthNow === month && today.getDate() < day)) age -= 1;
  return age;
}

export function isOldEnough(birthday: string, today: Date = new Date(), minimumAge: number = MINIMUM_BIRTHDAY_AGE): boolean {
  const age = ageOn(birthday, today);
  return age !== null && age >= minimumAge;
}
