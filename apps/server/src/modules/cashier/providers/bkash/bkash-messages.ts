import type { Language } from '@kismat/contracts/languages';

type Texts = Record<Language, string>;

/**
 * bKash's error codes (developer.bka.sh "Error Codes") as the member reads them. Codes about our
 * own integration (app key, request body, mode) are one "try later" text: the member cannot fix
 * them and must not be told details of our credentials.
 */
const BY_CODE: Record<string, Texts> = {
  '2023': {
    BN: 'আপনার বিকাশ অ্যাকাউন্টে যথেষ্ট ব্যালেন্স নেই।',
    EN: 'Your bKash account does not have enough balance.',
    SW: 'Akaunti yako ya bKash haina salio la kutosha.',
  },
  '2014': { BN: 'ভুল বিকাশ পিন।', EN: 'Wrong bKash PIN.', SW: 'PIN ya bKash si sahihi.' },
  '2015': {
    BN: 'বারবার ভুল পিন দেওয়ায় লেনদেন বন্ধ হয়েছে।',
    EN: 'Too many wrong PIN attempts; the payment was stopped.',
    SW: 'Umekosea PIN mara nyingi; malipo yamesimamishwa.',
  },
  '2016': { BN: 'ভুল যাচাই কোড (OTP)।', EN: 'Wrong verification code (OTP).', SW: 'Nambari ya uthibitisho (OTP) si sahihi.' },
  '2017': {
    BN: 'বারবার ভুল যাচাই কোড দেওয়া হয়েছে।',
    EN: 'Too many wrong verification codes.',
    SW: 'Umekosea nambari ya uthibitisho mara nyingi.',
  },
  '2018': { BN: 'যাচাই কোডের সময় শেষ হয়ে গেছে।', EN: 'The verification code expired.', SW: 'Muda wa nambari ya uthibitisho umekwisha.' },
  '2019': { BN: 'পিন দেওয়ার সময় শেষ হয়ে গেছে।', EN: 'The time to enter your PIN ran out.', SW: 'Muda wa kuweka PIN umekwisha.' },
  '2009': { BN: 'বিকাশ ওয়ালেটটি সঠিক নয়।', EN: 'This bKash wallet is not valid.', SW: 'Pochi hii ya bKash si halali.' },
  '2057': { BN: 'এটি বিকাশ অ্যাকাউন্ট নয়।', EN: 'This is not a bKash account.', SW: 'Hii si akaunti ya bKash.' },
  '2058': { BN: 'এটি গ্রাহক ওয়ালেট নয়।', EN: 'This is not a customer wallet.', SW: 'Hii si pochi ya mteja.' },
  '2012': {
    BN: 'প্রাপকের বিকাশ নম্বরটি সঠিক নয়।',
    EN: 'The receiving bKash number is not valid.',
    SW: 'Nambari ya bKash ya mpokeaji si sahihi.',
  },
  '2045': {
    BN: 'এই নম্বরে কোনো বিকাশ অ্যাকাউন্ট নেই।',
    EN: 'There is no bKash account on this number.',
    SW: 'Hakuna akaunti ya bKash kwenye nambari hii.',
  },
  cancel: { BN: 'আপনি পেমেন্ট বাতিল করেছেন।', EN: 'You cancelled the payment.', SW: 'Umeghairi malipo.' },
  failure: { BN: 'বিকাশ পেমেন্ট সম্পন্ন হয়নি।', EN: 'The bKash payment did not go through.', SW: 'Malipo ya bKash hayakukamilika.' },
  '503': {
    BN: 'বিকাশ এখন রক্ষণাবেক্ষণে আছে। পরে আবার চেষ্টা করুন।',
    EN: 'bKash is under maintenance. Please try again later.',
    SW: 'bKash iko kwenye matengenezo. Tafadhali jaribu tena baadaye.',
  },
};

const FALLBACK: Texts = {
  BN: 'বিকাশ পেমেন্ট এখন সম্পন্ন করা যাচ্ছে না। পরে আবার চেষ্টা করুন।',
  EN: 'The bKash payment cannot be completed right now. Please try again later.',
  SW: 'Malipo ya bKash hayawezi kukamilika sasa. Tafadhali jaribu tena baadaye.',
};

/** The member's text for a bKash code (or our `cancel` / `failure` from the callback's status). */
export function bkashMessageOf(code: string, language: Language): string {
  return (BY_CODE[code] ?? FALLBACK)[language];
}

/** Codes the member's text names specifically (the rest read as the fallback). */
export const BKASH_MEMBER_CODES = Object.keys(BY_CODE);
