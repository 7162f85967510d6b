import type { ErrorCode } from '@kismat/contracts/errors';
import type { Language } from '@kismat/contracts/languages';

type Catalogue = Record<ErrorCode, Record<Language, string>>;

/** Human text for each error code, in every interface language. */
const ERROR_MESSAGES: Catalogue = {
  OK: { BN: 'সফল', EN: 'Success', SW: 'Imefanikiwa' },
  BAD_REQUEST: { BN: 'অনুরোধটি সঠিক নয়', EN: 'The request is not valid', SW: 'Ombi si sahihi' },
  VALIDATION_FAILED: { BN: 'তথ্য সঠিক নয়', EN: 'Some fields are not valid', SW: 'Baadhi ya sehemu si sahihi' },
  MALFORMED_JSON: { BN: 'অনুরোধের বিষয়বস্তু পড়া যায়নি', EN: 'The request body could not be read', SW: 'Maudhui ya ombi hayakuweza kusomwa' },
  AUTH_REQUIRED: {
    BN: 'আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন',
    EN: 'You are not logged in, please login',
    SW: 'Hujaingia, tafadhali ingia',
  },
  SESSION_EXPIRED: {
    BN: 'সেশনের মেয়াদ শেষ, আবার লগইন করুন',
    EN: 'Your session has expired, please login again',
    SW: 'Muda wa kikao umeisha, tafadhali ingia tena',
  },
  FORBIDDEN: { BN: 'এই কাজের অনুমতি নেই', EN: 'You are not allowed to do this', SW: 'Huruhusiwi kufanya hivi' },
  TRIAL_FORBIDDEN: {
    BN: 'এর জন্য একটি আসল অ্যাকাউন্ট প্রয়োজন',
    EN: 'A true account is needed for this',
    SW: 'Akaunti halisi inahitajika kwa hili',
  },
  AGENT_ONLY: { BN: 'এজেন্ট ছাড়া লগইন করা যাবে না', EN: 'Non-agents cannot log in', SW: 'Wasio mawakala hawawezi kuingia' },
  NOT_FOUND: { BN: 'খুঁজে পাওয়া যায়নি', EN: 'Not found', SW: 'Haikupatikana' },
  ROUTE_NOT_FOUND: {
    BN: 'ঠিকানাটি সঠিক নয়, গ্রাহক সেবায় যোগাযোগ করুন',
    EN: 'Invalid URL, please contact customer service',
    SW: 'URL si sahihi, wasiliana na huduma kwa wateja',
  },
  CONFLICT: { BN: 'তথ্যটি ইতিমধ্যে আছে', EN: 'This already exists', SW: 'Hii tayari ipo' },
  IDEMPOTENCY_CONFLICT: {
    BN: 'একই অনুরোধ ভিন্ন তথ্যসহ আবার পাঠানো হয়েছে',
    EN: 'The same request was repeated with different data',
    SW: 'Ombi lilelile lilirudiwa na data tofauti',
  },
  CAPTCHA_REQUIRED: { BN: 'অনুগ্রহ করে ক্যাপচা লিখুন', EN: 'Please enter the captcha', SW: 'Tafadhali weka captcha' },
  CAPTCHA_INVALID: { BN: 'ক্যাপচা সঠিক নয়', EN: 'The captcha is not correct', SW: 'Captcha si sahihi' },
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
  LIVE_CHAT_OFF: {
    BN: 'লাইভ চ্যাট এখন বন্ধ আছে, অন্য কোনো উপায়ে গ্রাহক সেবায় যোগাযোগ করুন',
    EN: 'Live chat is off, please contact customer service another way',
    SW: 'Gumzo la moja kwa moja limezimwa, tafadhali wasiliana na huduma kwa wateja kwa njia nyingine',
  },
  CHANNEL_UNAVAILABLE: {
    BN: 'এই ডিপোজিট পদ্ধতিটি এখন উপলব্ধ নয়',
    EN: 'This deposit method is not available',
    SW: 'Njia hii ya kuweka pesa haipatikani',
  },
  SIGNATURE_INVALID: { BN: 'স্বাক্ষর সঠিক নয়', EN: 'The signature is not valid', SW: 'Sahihi si halali' },
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
  UPLOAD_INVALID: {
    BN: 'শুধু 5 MB পর্যন্ত PNG বা JPG ছবি',
    EN: 'Only PNG or JPG images up to 5 MB',
    SW: 'Picha za PNG au JPG hadi MB 5 tu',
  },
  RATE_LIMITED: {
    BN: 'অনেক বেশি অনুরোধ, পরে আবার চেষ্টা করুন',
    EN: 'Too many requests, please try again later',
    SW: 'Maombi mengi mno, jaribu tena baadaye',
  },
  MAINTENANCE: { BN: 'সিস্টেম রক্ষণাবেক্ষণ চলছে', EN: 'System maintenance', SW: 'Matengenezo ya mfumo' },
  REGION_RESTRICTED: {
    BN: 'প্রবেশাধিকার সীমিত (অবস্থান বা আইপি)',
    EN: 'Access restricted (location or IP)',
    SW: 'Ufikiaji umezuiliwa (eneo au IP)',
  },
  SHUTTING_DOWN: {
    BN: 'সার্ভার পুনরায় চালু হচ্ছে, একটু পরে চেষ্টা করুন',
    EN: 'The server is restarting, please try again shortly',
    SW: 'Seva inaanza upya, jaribu tena baada ya muda mfupi',
  },
  PAYLOAD_TOO_LARGE: { BN: 'অনুরোধটি অনেক বড়', EN: 'The request is too large', SW: 'Ombi ni kubwa mno' },
  UNSUPPORTED_MEDIA_TYPE: {
    BN: 'এই ধরনের বিষয়বস্তু সমর্থিত নয়',
    EN: 'This content type is not supported',
    SW: 'Aina hii ya maudhui haitumiki',
  },
  ENCRYPTION_REQUIRED: { BN: 'অনুরোধটি এনক্রিপ্ট করা প্রয়োজন', EN: 'This request must be encrypted', SW: 'Ombi hili lazima lisimbwe' },
  DECRYPTION_FAILED: { BN: 'অনুরোধটি খোলা যায়নি', EN: 'The request could not be decrypted', SW: 'Ombi halikuweza kufunguliwa' },
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
  FEATURE_DISABLED: {
    BN: 'এই সুবিধাটি চালু নেই, গ্রাহক সেবায় যোগাযোগ করুন',
    EN: 'This function is not enabled, please contact customer service',
    SW: 'Huduma hii haijawezeshwa, wasiliana na huduma kwa wateja',
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
  REQUEST_REPLAYED: {
    BN: 'এই অনুরোধটি আগেই পাঠানো হয়েছে, পাতাটি রিফ্রেশ করে আবার চেষ্টা করুন',
    EN: 'This request was already sent, please refresh the page and try again',
    SW: 'Ombi hili lilishatumwa, tafadhali onyesha upya ukurasa na ujaribu tena',
  },
  REQUEST_EXPIRED: {
    BN: 'অনুরোধটির মেয়াদ শেষ, ডিভাইসের তারিখ ও সময় দেখে আবার চেষ্টা করুন',
    EN: 'The request has expired, please check the date and time of your device and try again',
    SW: 'Muda wa ombi umeisha, tafadhali angalia tarehe na saa ya kifaa chako kisha ujaribu tena',
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
  TRANSFER_WALLET_DISABLED: {
    BN: 'এই সাইটে একক ওয়ালেট চালু, স্থানান্তরের প্রয়োজন নেই',
    EN: 'This site uses a single wallet, no transfer is needed',
    SW: 'Tovuti hii inatumia pochi moja, hakuna uhamisho unaohitajika',
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
  INTERNAL_ERROR: { BN: 'অজানা ত্রুটি', EN: 'Unknown error', SW: 'Hitilafu isiyojulikana' },
  SERVICE_UNAVAILABLE: {
    BN: 'নেটওয়ার্ক সংযোগ অস্বাভাবিক, আবার চেষ্টা করুন',
    EN: 'Network link is abnormal, please try again',
    SW: 'Muunganisho wa mtandao si wa kawaida, jaribu tena',
  },
};

export function messageFor(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[code][language];
}

const WAIT_UNITS: Record<Language, { seconds: (n: string) => string; minutes: (n: string) => string; locale: string }> = {
  BN: { seconds: (n) => `${n} সেকেন্ড`, minutes: (n) => `${n} মিনিট`, locale: 'bn-BD' },
  EN: {
    seconds: (n) => `${n} ${n === '1' ? 'second' : 'seconds'}`,
    minutes: (n) => `${n} ${n === '1' ? 'minute' : 'minutes'}`,
    locale: 'en',
  },
  SW: { seconds: (n) => `sekunde ${n}`, minutes: (n) => `dakika ${n}`, locale: 'sw' },
};

/** "45 seconds" / "3 minutes" in the language (Latin digits in every language, as all BN copy: docs/glossary.md), rounded up so nobody retries too early. */
export function formatWait(seconds: number, language: Language): string {
  const units = WAIT_UNITS[language];
  const number = (value: number) => new Intl.NumberFormat(units.locale, { useGrouping: false, numberingSystem: 'latn' }).format(value);
  if (seconds < 90) return units.seconds(number(Math.max(1, Math.ceil(seconds))));
  return units.minutes(number(Math.ceil(seconds / 60)));
}

/** A catalogue message whose `{amount}` is filled in (turnover left, max bet). */
export function messageWithAmount(code: ErrorCode, language: Language, amount: string): string {
  return messageFor(code, language).replaceAll('{amount}', amount);
}

/** A catalogue message whose `{wait}` is filled with the time left (throttles and locks). */
export function messageWithWait(code: ErrorCode, language: Language, seconds: number): string {
  return messageFor(code, language).replaceAll('{wait}', formatWait(seconds, language));
}
