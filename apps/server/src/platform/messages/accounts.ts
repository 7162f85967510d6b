import type { MessageCatalogue } from './catalogue';

/** Login, registration, verification, passwords and bank accounts. */
export const ACCOUNTS_MESSAGES = {
  LOGIN_FAILED: {
    BN: 'অ্যাকাউন্ট বা পাসওয়ার্ড সঠিক নয়',
    EN: 'The account or password is incorrect',
    SW: 'Akaunti au nenosiri si sahihi',
  },
  ACCOUNT_DISABLED: {
    BN: 'এই অ্যাকাউন্টটি বন্ধ আছে, গ্রাহক সেবায় যোগাযোগ করুন',
    EN: 'This account is disabled, please contact customer service',
    SW: 'Akaunti hii imezimwa, wasiliana na huduma kwa wateja',
  },
  LOGIN_VERIFICATION_REQUIRED: {
    BN: 'অনুগ্রহ করে প্রথমে যাচাই সম্পন্ন করুন',
    EN: 'Please complete verification first',
    SW: 'Tafadhali kamilisha uthibitisho kwanza',
  },
  PASSWORD_CHANGE_REQUIRED: {
    BN: 'অনুগ্রহ করে প্রথমে আপনার পাসওয়ার্ড পরিবর্তন করুন',
    EN: 'Please change your password first',
    SW: 'Tafadhali badilisha nenosiri lako kwanza',
  },
  TERMS_REQUIRED: {
    BN: 'নিশ্চিত করুন যে আপনার বয়স 21 বা তার বেশি এবং শর্তাবলী ও গোপনীয়তা নীতিতে সম্মত',
    EN: 'Confirm that you are 21 or older and agree to the terms and privacy policy',
    SW: 'Thibitisha kuwa una umri wa miaka 21 au zaidi na unakubali masharti na sera ya faragha',
  },
  INVALID_AFFILIATE_CODE: { BN: 'আমন্ত্রণ কোডটি সঠিক নয়', EN: 'Invalid invitation code', SW: 'Msimbo wa mwaliko si sahihi' },
  USERNAME_TAKEN: {
    BN: 'এই ব্যবহারকারীর নামটি ইতিমধ্যে নিবন্ধিত',
    EN: 'This username is already registered',
    SW: 'Jina hili la mtumiaji tayari limesajiliwa',
  },
  MOBILE_TAKEN: {
    BN: 'এই মোবাইল নম্বরটি ইতিমধ্যে নিবন্ধিত',
    EN: 'This mobile number is already registered',
    SW: 'Nambari hii ya simu tayari imesajiliwa',
  },
  MOBILE_INVALID: {
    BN: 'অনুগ্রহ করে একটি সঠিক মোবাইল নম্বর দিন',
    EN: 'Please enter a valid mobile number',
    SW: 'Tafadhali weka nambari sahihi ya simu',
  },
  EMAIL_INVALID: { BN: 'ই-মেইলের বিন্যাস সঠিক নয়', EN: 'The e-mail format is incorrect', SW: 'Muundo wa barua pepe si sahihi' },
  VERIFICATION_CODE_INVALID: {
    BN: 'অনুগ্রহ করে একটি সঠিক যাচাইকরণ কোড দিন',
    EN: 'Please enter a valid verification code',
    SW: 'Tafadhali weka msimbo sahihi wa uthibitisho',
  },
  VERIFICATION_CODE_EXPIRED: {
    BN: 'কোডের মেয়াদ শেষ, অনুগ্রহ করে আবার পাঠান',
    EN: 'The code has expired, please send it again',
    SW: 'Msimbo umeisha muda, tafadhali tuma tena',
  },
  SMS_TOO_FREQUENT: {
    BN: 'আরেকটি কোড চাওয়ার আগে এক মিনিট অপেক্ষা করুন',
    EN: 'Please wait a minute before asking for another code',
    SW: 'Tafadhali subiri dakika moja kabla ya kuomba msimbo mwingine',
  },
  SMS_TOO_MANY_REQUESTS: {
    BN: 'অনেক বেশি অনুরোধ, 5 মিনিট পরে আবার চেষ্টা করুন',
    EN: 'Too many requests, please try again after 5 minutes',
    SW: 'Maombi mengi mno, jaribu tena baada ya dakika 5',
  },
  SMS_SEND_FAILED: {
    BN: 'কোড পাঠানো যায়নি, আবার চেষ্টা করুন',
    EN: 'The code could not be sent, please try again',
    SW: 'Msimbo haukuweza kutumwa, jaribu tena',
  },
  PASSWORD_MISMATCH: {
    BN: 'নিশ্চিতকরণ পাসওয়ার্ডটি সঠিক নয়',
    EN: 'Confirmation password is not correct',
    SW: 'Nenosiri la uthibitisho si sahihi',
  },
  OLD_PASSWORD_INVALID: { BN: 'পুরনো পাসওয়ার্ডটি সঠিক নয়', EN: 'The old password is not correct', SW: 'Nenosiri la zamani si sahihi' },
  PASSWORD_UNCHANGED: {
    BN: 'নতুন পাসওয়ার্ড পুরনোটির থেকে আলাদা হতে হবে',
    EN: 'The new password must be different from the old one',
    SW: 'Nenosiri jipya lazima liwe tofauti na la zamani',
  },
  PAYMENT_PASSWORD_INVALID: {
    BN: 'পেমেন্ট পাসওয়ার্ডটি সঠিক নয়',
    EN: 'The payment password is not correct',
    SW: 'Nenosiri la malipo si sahihi',
  },
  PAYMENT_PASSWORD_LOCKED: {
    BN: 'অনেকবার ভুল পেমেন্ট পাসওয়ার্ড দেওয়া হয়েছে। {wait} পরে আবার চেষ্টা করুন',
    EN: 'Too many wrong payment passwords. Please try again in {wait}',
    SW: 'Nenosiri la malipo limekosewa mara nyingi mno. Tafadhali jaribu tena baada ya {wait}',
  },
  PAYMENT_PASSWORD_TOO_SIMPLE: {
    BN: 'এই পেমেন্ট পাসওয়ার্ডটি খুব সহজ (যেমন 000000, 123456 বা 121212), অন্য একটি বেছে নিন',
    EN: 'This payment password is too easy to guess (like 000000, 123456 or 121212), please choose another',
    SW: 'Nenosiri hili la malipo ni rahisi mno kukisiwa (kama 000000, 123456 au 121212), tafadhali chagua jingine',
  },
  LOGIN_THROTTLED: {
    BN: 'অনেকবার ভুল চেষ্টা করা হয়েছে। {wait} পরে আবার চেষ্টা করুন',
    EN: 'Too many failed attempts. Please try again in {wait}',
    SW: 'Majaribio mengi mno yameshindikana. Tafadhali jaribu tena baada ya {wait}',
  },
  PERSON_NAME_INVALID: {
    BN: 'নামে শুধু অক্ষর, ফাঁকা স্থান, বিন্দু, হাইফেন ও ঊর্ধ্বকমা দিন (2 - 60 অক্ষর)',
    EN: 'A name may only have letters, spaces, dots, hyphens and apostrophes (2 - 60 characters)',
    SW: 'Jina linaweza kuwa na herufi, nafasi, nukta, vistari na apostrofi pekee (herufi 2 - 60)',
  },
  ALREADY_BOUND: {
    BN: 'এটি ইতিমধ্যে যুক্ত করা হয়েছে এবং পরিবর্তন করা যাবে না',
    EN: 'This is already bound and cannot be changed',
    SW: 'Hii tayari imeunganishwa na haiwezi kubadilishwa',
  },
  BANK_ACCOUNT_TAKEN: {
    BN: 'এই ব্যাংক অ্যাকাউন্টটি অন্য একটি অ্যাকাউন্টে যুক্ত',
    EN: 'This bank account is bound to another account',
    SW: 'Akaunti hii ya benki imeunganishwa na akaunti nyingine',
  },
  BANK_ACCOUNT_LIMIT: {
    BN: 'আর কোনো ব্যাংক অ্যাকাউন্ট যোগ করা যাবে না',
    EN: 'No more bank accounts can be added',
    SW: 'Hakuna akaunti zaidi za benki zinazoweza kuongezwa',
  },
  BANK_NAME_MISMATCH: {
    BN: 'অ্যাকাউন্টের নাম আপনার আসল নামের সাথে মিলতে হবে',
    EN: 'The account name must match your real name',
    SW: 'Jina la akaunti lazima lilingane na jina lako halisi',
  },
  BIRTHDAY_UNDER_21: {
    BN: 'আপনার বয়স কমপক্ষে 21 বছর হতে হবে',
    EN: 'You must be at least 21 years old',
    SW: 'Lazima uwe na umri wa angalau miaka 21',
  },
  RESET_LINK_INVALID: {
    BN: 'এই লিংকটি সঠিক নয় বা এর মেয়াদ শেষ',
    EN: 'This link is invalid or has expired',
    SW: 'Kiungo hiki si sahihi au kimeisha muda',
  },
} satisfies MessageCatalogue;
