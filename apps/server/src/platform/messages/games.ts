import type { MessageCatalogue } from './catalogue';

/** Game launch, slots and lotteries. */
export const GAMES_MESSAGES = {
  AGGREGATOR_UNAVAILABLE: {
    BN: 'গেম সরবরাহকারী এখন সাড়া দিচ্ছে না, একটু পরে আবার চেষ্টা করুন',
    EN: 'The game provider is not answering right now, please try again later',
    SW: 'Mtoa michezo hajibu kwa sasa, tafadhali jaribu tena baadaye',
  },
  AGGREGATOR_NOT_CONFIGURED: {
    BN: 'এই অ্যাগ্রিগেটরের কী সেট করা নেই: সার্ভারের পরিবেশ ভেরিয়েবলটি দেখুন',
    EN: 'This aggregator has no usable key: check the server environment variable',
    SW: 'Kiunganishi hiki hakina ufunguo unaotumika: angalia kigezo cha mazingira cha seva',
  },
  AGGREGATOR_REPORT_INVALID: {
    BN: 'রিপোর্ট ফাইলটি অ্যাগ্রিগেটরের ফরম্যাটে নেই',
    EN: "The report file is not in the aggregator's format",
    SW: 'Faili la ripoti haliko katika muundo wa kiunganishi',
  },
  GAME_MAINTENANCE: {
    BN: 'গেমটি রক্ষণাবেক্ষণে আছে, অনুগ্রহ করে অন্য গেম খেলুন',
    EN: 'This game is under maintenance, please try another game',
    SW: 'Mchezo huu uko katika matengenezo, tafadhali jaribu mchezo mwingine',
  },
  GAME_UNAVAILABLE: {
    BN: 'এই গেমটি এখন পাওয়া যাচ্ছে না',
    EN: 'This game is not available',
    SW: 'Mchezo huu haupatikani',
  },
  FREE_PLAY_UNSUPPORTED: {
    BN: 'এই গেমটিতে ফ্রি ট্রায়াল নেই, খেলতে আসল অ্যাকাউন্টে লগইন করুন',
    EN: 'This game has no free trial, please play it with a real account',
    SW: 'Mchezo huu hauna majaribio ya bure, tafadhali ucheze kwa akaunti halisi',
  },
  SLOT_BET_INVALID: { BN: 'এই বাজির পরিমাণ গ্রহণযোগ্য নয়', EN: 'This bet level is not offered', SW: 'Kiwango hiki cha dau hakitolewi' },
  LOTTERY_BET_INVALID: { BN: 'টিকিটটি সঠিক নয়', EN: 'The ticket is not valid', SW: 'Tiketi si sahihi' },
  LOTTERY_ISSUE_CLOSED: {
    BN: 'এই ড্রয়ের বাজি বন্ধ হয়ে গেছে',
    EN: 'Betting on this draw has closed',
    SW: 'Kuweka dau kwa droo hii kumefungwa',
  },
  ORIGINALS_BET_INVALID: {
    BN: 'এই বাজিটি গ্রহণযোগ্য নয়',
    EN: 'This bet is not accepted',
    SW: 'Dau hili halikubaliki',
  },
  MINES_ROUND_OPEN: {
    BN: 'আপনার একটি মাইনস রাউন্ড চলছে, আগে সেটি শেষ করুন',
    EN: 'You have a mines round in play: finish it first',
    SW: 'Una mzunguko wa mines unaoendelea: umalize kwanza',
  },
  MINES_ROUND_SETTLED: {
    BN: 'এই রাউন্ডটি ইতিমধ্যে শেষ হয়েছে',
    EN: 'This round is already over',
    SW: 'Mzunguko huu umekwisha',
  },
  TEEN_PATTI_ROUND_OPEN: {
    BN: 'আপনার একটি তিন পাত্তি হাত চলছে: আগে প্লে অথবা ফোল্ড করুন',
    EN: 'You have a Teen Patti hand waiting: play or fold it first',
    SW: 'Una mkono wa Teen Patti unaosubiri: cheza au kunja kwanza',
  },
  TEEN_PATTI_ROUND_SETTLED: {
    BN: 'এই তিন পাত্তি হাতের ফয়সালা আগেই হয়ে গেছে, দ্বিতীয়বার প্লে বা ফোল্ড করা যাবে না',
    EN: 'This Teen Patti hand is already settled: it cannot be played or folded again',
    SW: 'Mkono huu wa Teen Patti umeshamalizwa: hauwezi kuchezwa au kukunjwa tena',
  },
  MINES_MOVE_INVALID: {
    BN: 'এই চালটি দেওয়া যাবে না',
    EN: 'This move is not allowed',
    SW: 'Hatua hii hairuhusiwi',
  },
  CRASH_BETTING_CLOSED: {
    BN: 'এই রাউন্ডের বাজি বন্ধ, পরের রাউন্ডে বাজি ধরুন',
    EN: 'Betting for this round has closed: bet on the next round',
    SW: 'Kuweka dau kwa mzunguko huu kumefungwa: weka dau kwa mzunguko ujao',
  },
  CRASH_ROUND_CRASHED: {
    BN: 'দেরি হয়ে গেছে, রাউন্ডটি ক্র্যাশ করেছে',
    EN: 'Too late: the round has crashed',
    SW: 'Umechelewa: mzunguko umeanguka',
  },
  CRASH_BET_NOT_FOUND: {
    BN: 'এই রাউন্ডে আপনার কোনো বাজি নেই',
    EN: 'You have no bet in this round',
    SW: 'Huna dau katika mzunguko huu',
  },
  CRASH_BET_SETTLED: {
    BN: 'এই বাজিটি ইতিমধ্যে ক্যাশ আউট হয়েছে',
    EN: 'This bet has already been cashed out',
    SW: 'Dau hili limeshatolewa',
  },
  CRASH_ALREADY_BET: {
    BN: 'এই রাউন্ডে আপনি ইতিমধ্যে বাজি ধরেছেন',
    EN: 'You already have a bet in this round',
    SW: 'Tayari una dau katika mzunguko huu',
  },
  CRASH_NOT_RUNNING: {
    BN: 'রাউন্ড এখনো শুরু হয়নি',
    EN: 'The round has not started yet',
    SW: 'Mzunguko bado haujaanza',
  },
  CRASH_BET_INVALID: {
    BN: 'বাজির পরিমাণ বা অটো ক্যাশ আউট সঠিক নয়',
    EN: 'The stake or the auto cash-out is out of range',
    SW: 'Kiasi cha dau au kutoa kiotomatiki kiko nje ya kiwango',
  },
} satisfies MessageCatalogue;
