import type { MessageCatalogue } from './catalogue';

/** The agent programme: team, contracts, invitations, settlement. */
export const AGENT_MESSAGES = {
  NOT_IN_TEAM: {
    BN: 'এই সদস্য আপনার দলে নেই',
    EN: 'This member is not in your team',
    SW: 'Mwanachama huyu hayumo kwenye timu yako',
  },
  MEMBER_TYPE_NOT_ALLOWED: {
    BN: 'আপনি এই ধরনের অ্যাকাউন্ট তৈরি করতে পারবেন না',
    EN: 'You cannot create this type of account',
    SW: 'Huwezi kuunda aina hii ya akaunti',
  },
  NOT_DIRECT_DOWNLINE: {
    BN: 'শুধুমাত্র সরাসরি ডাউনলাইনকে চুক্তি দেওয়া যায়',
    EN: 'Contracts can only be offered to direct downlines',
    SW: 'Mikataba inaweza kutolewa kwa wanachama wako wa chini wa moja kwa moja tu',
  },
  CONTRACT_NOT_FOUND: { BN: 'চুক্তি পাওয়া যায়নি', EN: 'Contract not found', SW: 'Mkataba haukupatikana' },
  CONTRACT_STATE_CONFLICT: {
    BN: 'চুক্তিটি এই অবস্থায় এই কাজ করা যায় না',
    EN: 'The contract is not in a state that allows this',
    SW: 'Hali ya mkataba hairuhusu hatua hii',
  },
  CONTRACT_OFFER_PENDING: {
    BN: 'এই ধরনের একটি প্রস্তাব ইতিমধ্যে অপেক্ষমাণ',
    EN: 'An offer of this type is already waiting for an answer',
    SW: 'Ofa ya aina hii tayari inasubiri jibu',
  },
  CONTRACT_DOWNLINE_CONFLICT: {
    BN: 'নতুন শর্তে আপনার ডাউনলাইনের কিছু চুক্তি বাতিল হবে; সম্মতি দিন',
    EN: 'The new terms end some of your downline contracts; please agree to continue',
    SW: 'Masharti mapya yatamaliza baadhi ya mikataba ya wanachama wako wa chini; tafadhali kubali kuendelea',
  },
  CONTRACT_EXCEEDS_UPLINE: {
    BN: 'চুক্তির শর্ত আপনার নিজের চুক্তির চেয়ে বেশি হতে পারে না',
    EN: 'The terms cannot exceed your own contract',
    SW: 'Masharti hayawezi kuzidi mkataba wako mwenyewe',
  },
  CONTRACT_TERMS_INVALID: { BN: 'চুক্তির শর্ত সঠিক নয়', EN: 'The contract terms are not valid', SW: 'Masharti ya mkataba si sahihi' },
  CONTRACT_NOT_TOP_LEVEL: {
    BN: 'এই এজেন্টের চুক্তি তার আপলাইন দেয়',
    EN: 'This agent gets its contracts from its upline',
    SW: 'Wakala huyu hupata mikataba kutoka kwa wakala wake wa juu',
  },
  INVITATION_NOT_FOUND: { BN: 'আমন্ত্রণ লিঙ্ক পাওয়া যায়নি', EN: 'Invitation link not found', SW: 'Kiungo cha mwaliko hakikupatikana' },
  SETTLEMENT_PERIOD_OPEN: {
    BN: 'এই সময়কাল এখনও শেষ হয়নি',
    EN: 'This period has not ended yet',
    SW: 'Kipindi hiki bado hakijaisha',
  },
  BILL_NOT_FOUND: { BN: 'বিলটি পাওয়া যায়নি', EN: 'Bill not found', SW: 'Bili haikupatikana' },
  BILL_ALREADY_PAID: {
    BN: 'এই বিলের কিছু বাকি নেই',
    EN: 'Nothing is owed on this bill any more',
    SW: 'Hakuna kinachodaiwa tena kwenye bili hii',
  },
} satisfies MessageCatalogue;
