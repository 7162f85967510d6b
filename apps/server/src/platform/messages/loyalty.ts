import type { MessageCatalogue } from './catalogue';

/** Promotions, turnover, points, VIP, rebates and missions. */
export const LOYALTY_MESSAGES = {
  RED_ENVELOPE_NO_CHANCES: {
    BN: 'আজ আপনার লাল খামের কোনো সুযোগ বাকি নেই, ডিপোজিট বা বাজি ধরে আরও সুযোগ পান',
    EN: 'You have no red envelope chance left today; deposit or bet to earn more',
    SW: 'Huna nafasi ya bahasha nyekundu iliyobaki leo; weka pesa au weka dau kupata zaidi',
  },
  RAFFLE_NOT_ELIGIBLE: {
    BN: 'আপনি এখনও এই পুরস্কারের যোগ্য নন',
    EN: 'You are not eligible for this reward yet',
    SW: 'Bado hustahili zawadi hii',
  },
  RAFFLE_ALREADY_CLAIMED: {
    BN: 'এই সময়ের পুরস্কার আপনি ইতিমধ্যে নিয়েছেন',
    EN: 'You have already claimed this reward for this period',
    SW: 'Tayari umedai zawadi hii kwa kipindi hiki',
  },
  ACTIVITY_APPLICATION_PENDING: {
    BN: 'এই অফারের জন্য আপনার একটি আবেদন পর্যালোচনায় আছে',
    EN: 'You already have an application under review for this promotion',
    SW: 'Tayari una ombi linalokaguliwa kwa ofa hii',
  },
  ACTIVITY_IMAGE_INVALID: {
    BN: 'ছবি শুধু png বা jpg, প্রতিটি সর্বোচ্চ 5 MB, সর্বোচ্চ 3টি',
    EN: 'Images must be png or jpg, at most 5 MB each and at most 3',
    SW: 'Picha lazima ziwe png au jpg, zisizozidi MB 5 kila moja na zisizozidi 3',
  },
  CAMPAIGN_AMOUNT_OUT_OF_RULE: {
    BN: 'পরিমাণটি এই অফারের নিয়মের বাইরে',
    EN: "The amount is outside this promotion's rule",
    SW: 'Kiasi kiko nje ya kanuni ya ofa hii',
  },
  CAMPAIGN_ALREADY_REVIEWED: {
    BN: 'এটি ইতিমধ্যে অনুমোদিত বা প্রত্যাখ্যাত হয়েছে',
    EN: 'This has already been approved or rejected',
    SW: 'Hili tayari limeidhinishwa au kukataliwa',
  },
  POINTS_INSUFFICIENT: {
    BN: 'আপনার পর্যাপ্ত পয়েন্ট নেই',
    EN: 'You do not have enough points',
    SW: 'Huna pointi za kutosha',
  },
  POINTS_OUT_OF_STOCK: {
    BN: 'এই পুরস্কারটি স্টকে নেই',
    EN: 'This reward is out of stock',
    SW: 'Zawadi hii imeisha',
  },
  POINTS_ITEM_LIMIT_REACHED: {
    BN: 'আপনি এই পুরস্কারটি সর্বোচ্চ সংখ্যকবার নিয়েছেন',
    EN: 'You have redeemed this reward as many times as allowed',
    SW: 'Umebadilisha pointi kwa zawadi hii mara nyingi kadri inavyoruhusiwa',
  },
  POINTS_BELOW_MINIMUM: {
    BN: 'পয়েন্ট রূপান্তরের ন্যূনতম পরিমাণের চেয়ে কম',
    EN: 'That is fewer points than the minimum you can convert',
    SW: 'Hizo ni pointi chache kuliko kiwango cha chini cha kubadilisha',
  },
  POINTS_ADDRESS_REQUIRED: {
    BN: 'পণ্য পাঠানোর জন্য প্রাপকের ঠিকানা দিন',
    EN: 'Please enter a receiving address for the goods',
    SW: 'Tafadhali weka anwani ya kupokea bidhaa',
  },
  VIP_LADDER_INVALID: {
    BN: 'ভিআইপি স্তরগুলো সঠিক নয়',
    EN: 'The VIP ladder is not valid',
    SW: 'Ngazi za VIP si sahihi',
  },
  TURNOVER_NOT_MET: {
    BN: 'উত্তোলনের আগে আরও {amount} টার্নওভার (বৈধ বাজি) পূরণ করতে হবে',
    EN: 'Complete {amount} more turnover (valid bets) before withdrawing',
    SW: 'Kamilisha mzunguko (dau halali) wa {amount} zaidi kabla ya kutoa pesa',
  },
  MAX_BET_EXCEEDED: {
    BN: 'বোনাস সক্রিয় থাকা অবস্থায় সর্বোচ্চ বাজি {amount}',
    EN: 'While a bonus is active the maximum bet is {amount}',
    SW: 'Bonasi ikiwa hai, dau la juu kabisa ni {amount}',
  },
  PROMOTION_NOT_AVAILABLE: {
    BN: 'এই প্রোমোশনটি এখন চালু নেই',
    EN: 'This promotion is not running now',
    SW: 'Promosheni hii haiendelei sasa',
  },
  PROMOTION_NOT_ELIGIBLE: {
    BN: 'আপনি এই প্রোমোশনের জন্য যোগ্য নন',
    EN: 'You are not eligible for this promotion',
    SW: 'Hustahili promosheni hii',
  },
  PROMOTION_LIMIT_REACHED: {
    BN: 'এই সময়ের জন্য আপনি এই প্রোমোশনটি ইতিমধ্যে নিয়েছেন',
    EN: 'You have already received this promotion for this period',
    SW: 'Tayari umepokea promosheni hii kwa kipindi hiki',
  },
  PROMOTION_BUDGET_EXHAUSTED: {
    BN: 'এই প্রোমোশনের বাজেট শেষ হয়ে গেছে',
    EN: 'This promotion has run out of budget',
    SW: 'Bajeti ya promosheni hii imekwisha',
  },
  PROMOTION_STATE_CONFLICT: {
    BN: 'প্রোমোশনের বর্তমান অবস্থায় এটি করা যাবে না',
    EN: 'This cannot be done in the promotion’s current state',
    SW: 'Hili haliwezi kufanyika katika hali ya sasa ya promosheni',
  },
  PROMOTION_RULES_INVALID: {
    BN: 'প্রোমোশনের নিয়মগুলো সঠিক নয়',
    EN: 'The promotion’s rules are not valid',
    SW: 'Masharti ya promosheni si sahihi',
  },
  REBATE_NOTHING_TO_CLAIM: { BN: 'দাবি করার মতো কোনো রিবেট নেই', EN: 'There is no rebate to claim', SW: 'Hakuna marejesho ya kudai' },
  REBATE_BELOW_MINIMUM: {
    BN: 'রিবেট সর্বনিম্ন দাবির পরিমাণের চেয়ে কম',
    EN: 'The rebate is below the minimum claim',
    SW: 'Marejesho ni chini ya kiwango cha chini cha kudai',
  },
  REBATE_DAILY_CAP_REACHED: {
    BN: 'আজকের রিবেট সীমা পূর্ণ হয়েছে',
    EN: "Today's rebate limit has been reached",
    SW: 'Kikomo cha marejesho cha leo kimefikiwa',
  },
  MISSION_NOT_COMPLETED: { BN: 'মিশনটি এখনো সম্পূর্ণ হয়নি', EN: 'This mission is not complete yet', SW: 'Dhamira hii bado haijakamilika' },
  MISSION_ALREADY_CLAIMED: {
    BN: 'এই মিশনের পুরস্কার ইতিমধ্যে নেওয়া হয়েছে',
    EN: 'This mission reward has already been claimed',
    SW: 'Zawadi ya dhamira hii imeshadaiwa',
  },
} satisfies MessageCatalogue;
