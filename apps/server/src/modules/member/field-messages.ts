import type { Language } from '@kismat/contracts/languages';
import type { PatternId } from '@kismat/contracts/system';

type Texts = Record<Language, string>;

/**
 * Field messages keyed by patternId (spec section 5: "the message comes from the translation
 * keyed by patternId with min and max substituted"). {min} and {max} are replaced.
 */
const PATTERN_MESSAGES: Record<PatternId, Texts> = {
  LENGTH_ONLY: {
    BN: 'অনুগ্রহ করে {min} - {max} অক্ষর লিখুন',
    EN: 'Please fill in {min} - {max} characters',
    SW: 'Tafadhali jaza herufi {min} - {max}',
  },
  LETTER_FIRST_ALNUM: {
    BN: 'অক্ষর দিয়ে শুরু করে {min} - {max}টি ইংরেজি অক্ষর বা সংখ্যা লিখুন',
    EN: 'Please enter {min} - {max} letters or digits, starting with a letter',
    SW: 'Tafadhali weka herufi au tarakimu {min} - {max}, ukianza na herufi',
  },
  LETTERS_OR_DIGITS: {
    BN: '{min} - {max}টি ইংরেজি অক্ষর বা সংখ্যা লিখুন',
    EN: 'Please enter {min} - {max} letters or digits',
    SW: 'Tafadhali weka herufi au tarakimu {min} - {max}',
  },
  LETTERS_AND_DIGITS: {
    BN: 'অক্ষর ও সংখ্যা দুটোই মিলিয়ে {min} - {max} অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} characters with both letters and digits',
    SW: 'Tafadhali weka herufi {min} - {max} zenye herufi na tarakimu',
  },
  DIGITS_ONLY: {
    BN: '{min} - {max}টি সংখ্যা লিখুন',
    EN: 'Please enter {min} - {max} digits',
    SW: 'Tafadhali weka tarakimu {min} - {max}',
  },
  ALNUM_WITH_UPPERCASE: {
    BN: 'অন্তত একটি বড় হাতের অক্ষরসহ {min} - {max}টি অক্ষর বা সংখ্যা লিখুন',
    EN: 'Please enter {min} - {max} letters or digits with at least one uppercase letter',
    SW: 'Tafadhali weka herufi au tarakimu {min} - {max} zenye angalau herufi kubwa moja',
  },
  ENGLISH_LETTERS_SPACES: {
    BN: '{min} - {max}টি ইংরেজি অক্ষর ও ফাঁকা স্থান লিখুন',
    EN: 'Please enter {min} - {max} English letters and spaces',
    SW: 'Tafadhali weka herufi za Kiingereza na nafasi {min} - {max}',
  },
  NO_SPACES: {
    BN: 'ফাঁকা স্থান ছাড়া {min} - {max} অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} characters without spaces',
    SW: 'Tafadhali weka herufi {min} - {max} bila nafasi',
  },
  EMAIL: { BN: 'ই-মেইলের বিন্যাস সঠিক নয়', EN: 'The e-mail format is incorrect', SW: 'Muundo wa barua pepe si sahihi' },
  DATE_YMD: {
    BN: 'তারিখটি yyyy-MM-dd আকারে লিখুন',
    EN: 'Please enter the date as yyyy-MM-dd',
    SW: 'Tafadhali weka tarehe kama yyyy-MM-dd',
  },
  DATE_MDY: {
    BN: 'তারিখটি MM-dd-yyyy আকারে লিখুন',
    EN: 'Please enter the date as MM-dd-yyyy',
    SW: 'Tafadhali weka tarehe kama MM-dd-yyyy',
  },
  CHINESE: {
    BN: '{min} - {max}টি চীনা অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} Chinese characters',
    SW: 'Tafadhali weka herufi za Kichina {min} - {max}',
  },
  KOREAN_ONLY: {
    BN: 'শুধু {min} - {max}টি কোরীয় অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} Korean characters only',
    SW: 'Tafadhali weka herufi za Kikorea pekee {min} - {max}',
  },
  THAI_ONLY: {
    BN: 'শুধু {min} - {max}টি থাই অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} Thai characters only',
    SW: 'Tafadhali weka herufi za Kithai pekee {min} - {max}',
  },
  THAI_OR_ENGLISH: {
    BN: '{min} - {max}টি থাই বা ইংরেজি অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} Thai or English letters',
    SW: 'Tafadhali weka herufi za Kithai au Kiingereza {min} - {max}',
  },
  JAPANESE: {
    BN: '{min} - {max}টি জাপানি অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} Japanese characters',
    SW: 'Tafadhali weka herufi za Kijapani {min} - {max}',
  },
  JAPANESE_KANA: {
    BN: '{min} - {max}টি কানা অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} kana characters',
    SW: 'Tafadhali weka herufi za kana {min} - {max}',
  },
  PASSWORD_STRONG: {
    BN: 'বড় ও ছোট হাতের অক্ষর, সংখ্যা ও বিশেষ চিহ্নসহ {min} - {max} অক্ষরের পাসওয়ার্ড দিন',
    EN: 'Please fill in your password with {min} - {max} characters, including an uppercase letter, a lowercase letter, a digit and a symbol',
    SW: 'Tafadhali jaza nenosiri la herufi {min} - {max} lenye herufi kubwa, herufi ndogo, tarakimu na alama',
  },
  FULL_NAME: {
    BN: 'আসল নামের বিন্যাস সঠিক নয় (পূর্ণ নাম, নামের অংশগুলোর মাঝে একটি ফাঁকা স্থান)',
    EN: 'Real name format is incorrect (first and last name with a space)',
    SW: 'Muundo wa jina halisi si sahihi (jina la kwanza na la mwisho, na nafasi)',
  },
  UPPERCASE_ONLY: {
    BN: 'শুধু {min} - {max}টি বড় হাতের ইংরেজি অক্ষর লিখুন',
    EN: 'Please enter {min} - {max} uppercase letters only',
    SW: 'Tafadhali weka herufi kubwa pekee {min} - {max}',
  },
};

/** Messages that do not come from a pattern (spec section 5, "Messages"). */
const OTHER_MESSAGES = {
  required: { BN: 'ইনপুট খালি রাখা যাবে না', EN: 'Input cannot be empty', SW: 'Sehemu hii haiwezi kuwa tupu' },
  passwordMismatch: {
    BN: 'নিশ্চিতকরণ পাসওয়ার্ডটি সঠিক নয়',
    EN: 'Confirmation password is not correct',
    SW: 'Nenosiri la uthibitisho si sahihi',
  },
  passwordNotAllowed: {
    BN: 'এই পাসওয়ার্ডটি ব্যবহার করা যাবে না, অন্য একটি বেছে নিন',
    EN: 'This password cannot be used, please choose another',
    SW: 'Nenosiri hili haliwezi kutumika, tafadhali chagua jingine',
  },
  passwordTooCommon: {
    BN: 'এই পাসওয়ার্ডটি খুব সাধারণ বা সহজে অনুমানযোগ্য, অক্ষর, সংখ্যা ও চিহ্ন মিলিয়ে আরও শক্ত একটি দিন',
    EN: 'This password is too common or easy to guess, please choose a stronger one mixing letters, digits and symbols',
    SW: 'Nenosiri hili ni la kawaida mno au rahisi kukisiwa, tafadhali chagua lenye nguvu zaidi lenye herufi, tarakimu na alama',
  },
  paymentPasswordTooSimple: {
    BN: 'এই পেমেন্ট পাসওয়ার্ডটি খুব সহজ (যেমন 000000, 123456 বা 121212), অন্য একটি বেছে নিন',
    EN: 'This payment password is too easy to guess (like 000000, 123456 or 121212), please choose another',
    SW: 'Nenosiri hili la malipo ni rahisi mno kukisiwa (kama 000000, 123456 au 121212), tafadhali chagua jingine',
  },
  mobileInvalid: {
    BN: 'ফোন নম্বরের বিন্যাস সঠিক নয়',
    EN: 'Phone number format is incorrect',
    SW: 'Muundo wa nambari ya simu si sahihi',
  },
  usernameTaken: {
    BN: 'এই ব্যবহারকারীর নামটি ইতিমধ্যে নিবন্ধিত',
    EN: 'This username is already registered',
    SW: 'Jina hili la mtumiaji tayari limesajiliwa',
  },
  mobileTaken: {
    BN: 'এই মোবাইল নম্বরটি ইতিমধ্যে নিবন্ধিত',
    EN: 'This mobile number is already registered',
    SW: 'Nambari hii ya simu tayari imesajiliwa',
  },
  birthdayUnder21: {
    BN: 'আপনার বয়স কমপক্ষে 21 বছর হতে হবে',
    EN: 'You must be at least 21 years old',
    SW: 'Lazima uwe na umri wa angalau miaka 21',
  },
  verificationCode: {
    BN: 'অনুগ্রহ করে একটি সঠিক যাচাইকরণ কোড দিন',
    EN: 'Please enter a valid verification code',
    SW: 'Tafadhali weka msimbo sahihi wa uthibitisho',
  },
} satisfies Record<string, Texts>;

export type OtherMessageKey = keyof typeof OTHER_MESSAGES;

export function patternMessage(patternId: PatternId, language: Language, params: { min: number; max: number }): string {
  return PATTERN_MESSAGES[patternId][language].replaceAll('{min}', String(params.min)).replaceAll('{max}', String(params.max));
}

export function otherMessage(key: OtherMessageKey, language: Language): string {
  return OTHER_MESSAGES[key][language];
}
