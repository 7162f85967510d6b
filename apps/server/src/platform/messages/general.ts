import type { MessageCatalogue } from './catalogue';

/** Requests, sessions, transport and service state. */
export const GENERAL_MESSAGES = {
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
  SIGNATURE_INVALID: { BN: 'স্বাক্ষর সঠিক নয়', EN: 'The signature is not valid', SW: 'Sahihi si halali' },
  UPLOAD_INVALID: {
    BN: 'শুধু 5 MB পর্যন্ত PNG বা JPG ছবি',
    EN: 'Only PNG or JPG images up to 5 MB',
    SW: 'Picha za PNG au JPG hadi MB 5 tu',
  },
  CONTENT_IMAGE_INVALID: {
    BN: 'শুধু 1 MB পর্যন্ত PNG, JPG বা WebP ছবি',
    EN: 'Only PNG, JPG or WebP images up to 1 MB',
    SW: 'Picha za PNG, JPG au WebP hadi MB 1 tu',
  },
  HELP_SLUG_TAKEN: {
    BN: 'এই ঠিকানা (slug) দিয়ে আরেকটি লেখা আছে',
    EN: 'Another article already uses this slug',
    SW: 'Makala nyingine tayari inatumia slug hii',
  },
  RISK_REVIEW_PENDING: {
    BN: 'এই সদস্যের ঝুঁকি-চিহ্ন পর্যালোচনা বাকি; আগে ঝুঁকি পাতায় পর্যালোচনা করুন',
    EN: 'This member has risk flags waiting for review; review them on the Risk page first',
    SW: 'Mwanachama huyu ana alama za hatari zinazosubiri ukaguzi; zikague kwanza kwenye ukurasa wa Hatari',
  },
  RISK_FLAG_REVIEWED: {
    BN: 'এই চিহ্নটি আগেই পর্যালোচনা করা হয়েছে',
    EN: 'This flag has already been reviewed',
    SW: 'Alama hii tayari imekaguliwa',
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
  FEATURE_DISABLED: {
    BN: 'এই সুবিধাটি চালু নেই, গ্রাহক সেবায় যোগাযোগ করুন',
    EN: 'This function is not enabled, please contact customer service',
    SW: 'Huduma hii haijawezeshwa, wasiliana na huduma kwa wateja',
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
  INTERNAL_ERROR: { BN: 'অজানা ত্রুটি', EN: 'Unknown error', SW: 'Hitilafu isiyojulikana' },
  SERVICE_UNAVAILABLE: {
    BN: 'নেটওয়ার্ক সংযোগ অস্বাভাবিক, আবার চেষ্টা করুন',
    EN: 'Network link is abnormal, please try again',
    SW: 'Muunganisho wa mtandao si wa kawaida, jaribu tena',
  },
  LIVE_CHAT_OFF: {
    BN: 'লাইভ চ্যাট এখন বন্ধ আছে, অন্য কোনো উপায়ে গ্রাহক সেবায় যোগাযোগ করুন',
    EN: 'Live chat is off, please contact customer service another way',
    SW: 'Gumzo la moja kwa moja limezimwa, tafadhali wasiliana na huduma kwa wateja kwa njia nyingine',
  },
  CHAT_TOO_FAST: {
    BN: 'আপনি খুব দ্রুত বার্তা পাঠাচ্ছেন, কয়েক সেকেন্ড অপেক্ষা করে আবার পাঠান',
    EN: 'You are sending messages too fast, wait a few seconds and send again',
    SW: 'Unatuma ujumbe haraka mno, subiri sekunde chache kisha utume tena',
  },
  CHAT_IMAGE_INVALID: {
    BN: 'শুধু 2 MB পর্যন্ত PNG বা JPG ছবি পাঠানো যায়',
    EN: 'Only PNG or JPG images up to 2 MB can be sent',
    SW: 'Picha za PNG au JPG hadi MB 2 pekee zinaweza kutumwa',
  },
  CHAT_STATE_CONFLICT: {
    BN: 'এই চ্যাটটি বন্ধ বা অন্য একজন অপারেটর নিয়েছেন',
    EN: 'This chat is closed or another operator has taken it',
    SW: 'Gumzo hili limefungwa au limechukuliwa na mhudumu mwingine',
  },
} satisfies MessageCatalogue;
