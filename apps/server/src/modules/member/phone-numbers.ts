import { parsePhoneNumberFromString } from 'libphonenumber-js';

export interface MobileNumber {
  /** +8801712345678: the key of a number whatever way it was typed. */
  e164: string;
  /** "+880" */
  countryDialingCode: string;
  /** National significant number without the trunk 0: "1712345678". */
  national: string;
}

/**
 * Reads a mobile number typed as national digits (with or without the trunk 0) under a
 * dialing code, or in international form. Null when it is not a valid number of that country.
 */
export function parseMobileNumber(
  countryDialingCode: string | undefined | null,
  mobileNo: string,
  fallbackDialingCode: string,
): MobileNumber | null {
  const digits = mobileNo.replace(/[\s()-]/g, '');
  if (!/^\+?\d{4,17}$/.test(digits)) return null;
  const calling = (countryDialingCode || fallbackDialingCode).replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(calling)) return null;
  const parsed = digits.startsWith('+')
    ? parsePhoneNumberFromString(digits)
    : parsePhoneNumberFromString(digits, { defaultCallingCode: calling });
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, countryDialingCode: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber };
}

/** "+880******678": enough for the owner to recognise, too little to reuse. */
export function maskMobile(e164: string | null): string | null {
  if (!e164) return null;
  if (e164.length <= 7) return `${e164.slice(0, 2)}***`;
  return `${e164.slice(0, 4)}${'*'.repeat(e164.length - 7)}${e164.slice(-3)}`;
}

/** "ra***@example.com" */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}
