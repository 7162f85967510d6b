import type { MessageCatalogue } from './catalogue';

/** Ledger, cashier, deposits, withdrawals and transfers. */
export const MONEY_MESSAGES = {
  INSUFFICIENT_FUNDS: { BN: 'পর্যাপ্ত ব্যালেন্স নেই', EN: 'Insufficient balance', SW: 'Salio halitoshi' },
  HOLD_NOT_PENDING: {
    BN: 'এই সংরক্ষিত অর্থ ইতিমধ্যে নিষ্পত্তি বা ফেরত দেওয়া হয়েছে',
    EN: 'This reserved amount has already been settled or released',
    SW: 'Kiasi hiki kilichohifadhiwa tayari kimelipwa au kuachiliwa',
  },
  TRANSFER_ALREADY_REVERSED: {
    BN: 'এই লেনদেনটি ইতিমধ্যে বাতিল করা হয়েছে',
    EN: 'This transaction has already been reversed',
    SW: 'Muamala huu tayari umebatilishwa',
  },
  LEDGER_INVALID_TRANSFER: {
    BN: 'লেনদেনটি সম্পন্ন করা যায়নি, তথ্য সঠিক নয়',
    EN: 'The transaction could not be made: its details are not valid',
    SW: 'Muamala haukuweza kufanywa: maelezo yake si sahihi',
  },
  PAYMENT_PASSWORD_NOT_SET: {
    BN: 'প্রথমে নিরাপত্তা কেন্দ্রে পেমেন্ট পাসওয়ার্ড সেট করুন',
    EN: 'Set a payment password in the security centre first',
    SW: 'Weka kwanza nenosiri la malipo katika kituo cha usalama',
  },
  BANK_ACCOUNT_REQUIRED: {
    BN: 'একটি নিশ্চিত ব্যাংক অ্যাকাউন্ট যুক্ত করুন',
    EN: 'Bind and confirm a bank account first',
    SW: 'Unganisha na uthibitishe akaunti ya benki kwanza',
  },
  AMOUNT_OUT_OF_RANGE: {
    BN: 'পরিমাণটি অনুমোদিত সীমার বাইরে',
    EN: 'The amount is outside the allowed range',
    SW: 'Kiasi kiko nje ya kiwango kinachoruhusiwa',
  },
  WITHDRAWAL_LIMIT_REACHED: {
    BN: 'আজকের উত্তোলনের সীমা পূর্ণ হয়েছে',
    EN: 'The daily withdrawal limit has been reached',
    SW: 'Kikomo cha kutoa pesa cha leo kimefikiwa',
  },
  TRANSFER_LIMIT_REACHED: {
    BN: 'আজকের ট্রান্সফারের সীমা পূর্ণ হয়েছে',
    EN: 'The daily transfer limit has been reached',
    SW: 'Kikomo cha uhamisho cha leo kimefikiwa',
  },
  CHANNEL_UNAVAILABLE: {
    BN: 'এই ডিপোজিট পদ্ধতিটি এখন উপলব্ধ নয়',
    EN: 'This deposit method is not available',
    SW: 'Njia hii ya kuweka pesa haipatikani',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    BN: 'পেমেন্ট সেবাটি এখন সাড়া দিচ্ছে না। একটু পরে আবার চেষ্টা করুন।',
    EN: 'The payment service is not answering right now. Please try again in a moment.',
    SW: 'Huduma ya malipo haijibu kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.',
  },
  REQUEST_NOT_PENDING: {
    BN: 'অনুরোধটি ইতিমধ্যে প্রক্রিয়া করা হয়েছে',
    EN: 'This request has already been processed',
    SW: 'Ombi hili tayari limeshughulikiwa',
  },
  DEPOSIT_ORDER_OPEN: {
    BN: 'এই পদ্ধতিতে আপনার একটি অনলাইন ডিপোজিটের পেমেন্ট বাকি আছে: আগে সেটি পেমেন্ট বা বাতিল করুন',
    EN: 'You have an unpaid online deposit on this method: pay it or cancel it first',
    SW: 'Una ombi la kuweka pesa mtandaoni ambalo halijalipwa kwa njia hii: lilipe au ulighairi kwanza',
  },
  DEPOSIT_NOT_CANCELLABLE: {
    BN: 'শুধু পেমেন্ট না হওয়া অনলাইন ডিপোজিট বাতিল করা যায়',
    EN: 'Only an unpaid online deposit can be cancelled',
    SW: 'Ombi la kuweka pesa mtandaoni ambalo halijalipwa pekee ndilo linaloweza kughairiwa',
  },
  DEPOSIT_SETTLED_BY_GATEWAY: {
    BN: 'অনলাইন ডিপোজিট পেমেন্ট গেটওয়ে নিষ্পত্তি করে; হাতে অনুমোদন করতে প্রদানকারীর রেফারেন্স দিয়ে পেমেন্ট হয়েছে চিহ্নিত করুন',
    EN: "An online deposit is settled by its payment gateway; to credit it by hand, mark it paid with the provider's reference",
    SW: 'Kuweka pesa mtandaoni hukamilishwa na lango la malipo; ili kuiongeza kwa mkono, iweke kuwa imelipwa pamoja na kumbukumbu ya mtoa huduma',
  },
  TRANSFER_WALLET_DISABLED: {
    BN: 'এই সাইটে একক ওয়ালেট চালু, স্থানান্তরের প্রয়োজন নেই',
    EN: 'This site uses a single wallet, no transfer is needed',
    SW: 'Tovuti hii inatumia pochi moja, hakuna uhamisho unaohitajika',
  },
} satisfies MessageCatalogue;
