import type { MessageCatalogue } from './catalogue';

/** Game launch, slots and lotteries. */
export const GAMES_MESSAGES = {
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
} satisfies MessageCatalogue;
