import type { BannerLinkageType, PopupExecution } from '@kismat/contracts/messages';
import type { LocalizedText } from '../../db/schema/system';

type Localized = Required<LocalizedText>;

export type BannerSeed = {
  /** Suffix of the banner code; the code is `${groupName}-${language}-${key}`. */
  key: string;
  groupName: 'w_login' | 'w_reg' | 'w_forget' | 'w_home' | 'w_promotion' | 'w_register' | 'w_leftmenu';
  title: Localized;
  subtitle: Localized;
  linkageType: BannerLinkageType;
  linkage: string;
};

/**
 * Banners of every group, drawn once per language. Login and register groups carry the
 * language in their name (w_login_BN); the others are filtered by the banner's language.
 */
export const BANNERS: BannerSeed[] = [
  {
    key: '1',
    groupName: 'w_login',
    title: { EN: 'Welcome back to Kismat', BN: 'কিসমতে আবার স্বাগতম', SW: 'Karibu tena Kismat' },
    subtitle: { EN: 'Your games and rewards are waiting', BN: 'আপনার গেম ও পুরস্কার অপেক্ষা করছে', SW: 'Michezo na zawadi zako zinakusubiri' },
    linkageType: 'NONE',
    linkage: '',
  },
  {
    key: '1',
    groupName: 'w_reg',
    title: { EN: 'Join Kismat today', BN: 'আজই কিসমতে যোগ দিন', SW: 'Jiunge na Kismat leo' },
    subtitle: {
      EN: '70% bonus on your first deposit',
      BN: 'প্রথম ডিপোজিটে 70% বোনাস',
      SW: 'Bonasi ya 70% unapoweka pesa kwa mara ya kwanza',
    },
    linkageType: 'NONE',
    linkage: '',
  },
  {
    key: '1',
    groupName: 'w_forget',
    title: { EN: 'Recover your account', BN: 'আপনার অ্যাকাউন্ট পুনরুদ্ধার করুন', SW: 'Rejesha akaunti yako' },
    subtitle: {
      EN: 'Reset your password with an SMS code',
      BN: 'এসএমএস কোড দিয়ে পাসওয়ার্ড রিসেট করুন',
      SW: 'Weka nenosiri upya kwa msimbo wa SMS',
    },
    linkageType: 'NONE',
    linkage: '',
  },
  {
    key: '1',
    groupName: 'w_home',
    title: { EN: '70% first deposit bonus', BN: 'প্রথম ডিপোজিটে 70% বোনাস', SW: 'Bonasi ya 70% ya kuweka pesa mara ya kwanza' },
    subtitle: { EN: 'Deposit today and play with more', BN: 'আজই ডিপোজিট করুন, বেশি খেলুন', SW: 'Weka pesa leo na ucheze zaidi' },
    linkageType: 'INTERNAL',
    linkage: '/promotions',
  },
  {
    key: '2',
    groupName: 'w_home',
    title: { EN: 'Invite a friend, earn ৳377', BN: 'বন্ধুকে আমন্ত্রণ জানান, পান ৳377', SW: 'Alika rafiki, pata ৳377' },
    subtitle: {
      EN: 'Invite rewards up to ৳1,777',
      BN: 'আমন্ত্রণ পুরস্কার ৳1,777 পর্যন্ত',
      SW: 'Zawadi za mwaliko hadi ৳1,777',
    },
    linkageType: 'INTERNAL',
    linkage: '/member?page=referral',
  },
  {
    key: '3',
    groupName: 'w_home',
    title: { EN: 'Lucky red envelope', BN: 'লাকি লাল খাম', SW: 'Bahasha nyekundu ya bahati' },
    subtitle: { EN: 'Win up to ৳7,777 every day', BN: 'প্রতিদিন ৳7,777 পর্যন্ত জিতুন', SW: 'Shinda hadi ৳7,777 kila siku' },
    linkageType: 'INTERNAL',
    linkage: '/promotions',
  },
  {
    key: '1',
    groupName: 'w_promotion',
    title: { EN: 'Live casino nights', BN: 'লাইভ ক্যাসিনো রাত', SW: 'Usiku wa kasino ya moja kwa moja' },
    subtitle: {
      EN: 'Real dealers, every table, all night',
      BN: 'আসল ডিলার, প্রতিটি টেবিল, সারা রাত',
      SW: 'Wagawaji halisi, kila meza, usiku kucha',
    },
    linkageType: 'INTERNAL',
    linkage: '/live',
  },
  {
    key: '2',
    groupName: 'w_promotion',
    title: { EN: 'Cricket season', BN: 'ক্রিকেট মৌসুম', SW: 'Msimu wa kriketi' },
    subtitle: { EN: 'Bet on every match, live', BN: 'প্রতিটি ম্যাচে লাইভ বাজি ধরুন', SW: 'Bashiri kila mechi, moja kwa moja' },
    linkageType: 'INTERNAL',
    linkage: '/sports',
  },
  {
    key: '1',
    groupName: 'w_register',
    title: { EN: 'Register in one minute', BN: 'এক মিনিটে নিবন্ধন করুন', SW: 'Jisajili kwa dakika moja' },
    subtitle: { EN: 'Claim your welcome bonus', BN: 'আপনার স্বাগত বোনাস নিন', SW: 'Dai bonasi yako ya kukaribishwa' },
    linkageType: 'INTERNAL',
    linkage: '/register',
  },
  {
    key: '1',
    groupName: 'w_leftmenu',
    title: { EN: 'Get the Kismat app', BN: 'কিসমত অ্যাপ নিন', SW: 'Pata programu ya Kismat' },
    subtitle: {
      EN: 'Play anywhere on iOS and Android',
      BN: 'আইওএস ও অ্যান্ড্রয়েডে যেকোনো জায়গায় খেলুন',
      SW: 'Cheza popote kwenye iOS na Android',
    },
    linkageType: 'INTERNAL',
    linkage: '/promotions',
  },
];

export type AnnouncementSeed = {
  code: string;
  type: 'PL' | 'PU' | 'PR' | 'H';
  execution: PopupExecution | null;
  title: Localized;
  content: Localized;
  /** Number of promotion images (PR only). */
  imageCount: number;
};

export const ANNOUNCEMENTS: AnnouncementSeed[] = [
  {
    code: 'notice-welcome',
    type: 'PL',
    execution: null,
    imageCount: 0,
    title: { EN: 'Welcome to Kismat', BN: 'কিসমতে স্বাগতম', SW: 'Karibu Kismat' },
    content: {
      EN: '<p>Thank you for choosing Kismat. Lottery, live casino, slots, sports and more are open 24 hours a day. Visit the help centre for guides to deposits and withdrawals.</p>',
      BN: '<p>কিসমত বেছে নেওয়ার জন্য ধন্যবাদ। লটারি, লাইভ ক্যাসিনো, স্লট, স্পোর্টসসহ আরও অনেক কিছু 24 ঘণ্টা খোলা। ডিপোজিট ও উত্তোলনের নির্দেশিকার জন্য সহায়তা কেন্দ্র দেখুন।</p>',
      SW: '<p>Asante kwa kuchagua Kismat. Bahati nasibu, kasino ya moja kwa moja, sloti, michezo na mengine yako wazi saa 24 kwa siku. Tembelea kituo cha msaada kwa mwongozo wa kuweka na kutoa pesa.</p>',
    },
  },
  {
    code: 'notice-payment-channels',
    type: 'PL',
    execution: null,
    imageCount: 0,
    title: { EN: 'New deposit channels', BN: 'নতুন ডিপোজিট চ্যানেল', SW: 'Njia mpya za kuweka pesa' },
    content: {
      EN: '<p>bKash, Nagad and Rocket deposits are now credited automatically, usually within two minutes. Always pay from an account in your own name.</p>',
      BN: '<p>বিকাশ, নগদ ও রকেট ডিপোজিট এখন স্বয়ংক্রিয়ভাবে, সাধারণত দুই মিনিটের মধ্যে, যোগ হয়। সবসময় নিজের নামের অ্যাকাউন্ট থেকে পেমেন্ট করুন।</p>',
      SW: '<p>Pesa zinazowekwa kwa bKash, Nagad na Rocket sasa huongezwa kiotomatiki, kwa kawaida ndani ya dakika mbili. Lipa kila mara kutoka kwenye akaunti iliyo kwa jina lako.</p>',
    },
  },
  {
    code: 'notice-responsible-gaming',
    type: 'PL',
    execution: null,
    imageCount: 0,
    title: { EN: 'Play responsibly', BN: 'দায়িত্বের সঙ্গে খেলুন', SW: 'Cheza kwa kuwajibika' },
    content: {
      EN: '<p>Kismat is for players aged 21 and over. Set a budget, take breaks, and contact customer service if you want a deposit limit or a break from play.</p>',
      BN: '<p>কিসমত 21 বছর ও তার বেশি বয়সী খেলোয়াড়দের জন্য। বাজেট ঠিক করুন, বিরতি নিন এবং ডিপোজিট সীমা বা খেলা থেকে বিরতি চাইলে গ্রাহক সেবায় যোগাযোগ করুন।</p>',
      SW: '<p>Kismat ni kwa wachezaji wenye umri wa miaka 21 na zaidi. Weka bajeti, pumzika, na wasiliana na huduma kwa wateja ukitaka kikomo cha kuweka pesa au mapumziko kutoka kucheza.</p>',
    },
  },
  {
    code: 'headline-security',
    type: 'H',
    execution: null,
    imageCount: 0,
    title: { EN: 'We never ask for your password', BN: 'আমরা কখনো আপনার পাসওয়ার্ড চাই না', SW: 'Hatuombi kamwe nenosiri lako' },
    content: {
      EN: '<p>Kismat staff will never ask for your password, SMS code or payment PIN. Report anyone who does to customer service.</p>',
      BN: '<p>কিসমতের কর্মীরা কখনো আপনার পাসওয়ার্ড, এসএমএস কোড বা পেমেন্ট পিন চাইবে না। কেউ চাইলে গ্রাহক সেবাকে জানান।</p>',
      SW: '<p>Wafanyakazi wa Kismat hawatawahi kuomba nenosiri lako, msimbo wa SMS au PIN ya malipo. Mripoti yeyote anayeomba kwa huduma kwa wateja.</p>',
    },
  },
  {
    code: 'popup-visitor-welcome',
    type: 'PU',
    execution: 'B',
    imageCount: 0,
    title: { EN: 'New here? Get a 70% bonus', BN: 'নতুন? পান 70% বোনাস', SW: 'Mgeni hapa? Pata bonasi ya 70%' },
    content: {
      EN: '<p>Register in one minute and receive a 70% bonus on your first deposit. Terms apply; players must be 21 or over.</p>',
      BN: '<p>এক মিনিটে নিবন্ধন করুন এবং প্রথম ডিপোজিটে 70% বোনাস নিন। শর্ত প্রযোজ্য; খেলোয়াড়দের বয়স 21 বা তার বেশি হতে হবে।</p>',
      SW: '<p>Jisajili kwa dakika moja na upokee bonasi ya 70% unapoweka pesa kwa mara ya kwanza. Masharti yanatumika; wachezaji lazima wawe na miaka 21 au zaidi.</p>',
    },
  },
  {
    code: 'popup-member-daily',
    type: 'PU',
    execution: 'A',
    imageCount: 0,
    title: { EN: "Today's rewards", BN: 'আজকের পুরস্কার', SW: 'Zawadi za leo' },
    content: {
      EN: '<p>Open the reward centre to claim your daily lucky red envelope and check your missions.</p>',
      BN: '<p>প্রতিদিনের লাকি লাল খাম নিতে ও মিশন দেখতে পুরস্কার কেন্দ্র খুলুন।</p>',
      SW: '<p>Fungua kituo cha zawadi ili kudai bahasha yako nyekundu ya bahati ya kila siku na uangalie misheni zako.</p>',
    },
  },
  {
    code: 'popup-first-login',
    type: 'PU',
    execution: 'F',
    imageCount: 0,
    title: { EN: 'Welcome aboard!', BN: 'স্বাগতম!', SW: 'Karibu sana!' },
    content: {
      EN: '<p>Your account is ready. Add your withdrawal account in the security centre, then make your first deposit to unlock the 70% bonus.</p>',
      BN: '<p>আপনার অ্যাকাউন্ট প্রস্তুত। নিরাপত্তা কেন্দ্রে উত্তোলন অ্যাকাউন্ট যোগ করুন, তারপর 70% বোনাস পেতে প্রথম ডিপোজিট করুন।</p>',
      SW: '<p>Akaunti yako iko tayari. Ongeza akaunti yako ya kutolea kwenye kituo cha usalama, kisha weka pesa kwa mara ya kwanza ili kufungua bonasi ya 70%.</p>',
    },
  },
  {
    code: 'promo-first-deposit',
    type: 'PR',
    execution: null,
    imageCount: 2,
    title: { EN: '70% first deposit bonus', BN: 'প্রথম ডিপোজিটে 70% বোনাস', SW: 'Bonasi ya 70% ya kuweka pesa mara ya kwanza' },
    content: {
      EN: '<p>Make your first deposit of ৳500 or more and receive a 70% bonus, up to ৳7,000.</p><ul><li>The bonus is credited when the deposit arrives.</li><li>Turnover of 15 times the deposit plus bonus is required before withdrawal.</li><li>One bonus per person, household and payment account.</li></ul>',
      BN: '<p>৳500 বা তার বেশি প্রথম ডিপোজিট করুন এবং ৳7,000 পর্যন্ত 70% বোনাস নিন।</p><ul><li>ডিপোজিট পৌঁছালে বোনাস যোগ হয়।</li><li>উত্তোলনের আগে ডিপোজিট ও বোনাসের 15 গুণ টার্নওভার প্রয়োজন।</li><li>প্রতি ব্যক্তি, পরিবার ও পেমেন্ট অ্যাকাউন্টে একটি বোনাস।</li></ul>',
      SW: '<p>Weka pesa kwa mara ya kwanza, ৳500 au zaidi, na upokee bonasi ya 70%, hadi ৳7,000.</p><ul><li>Bonasi huongezwa pesa ulizoweka zinapofika.</li><li>Mzunguko wa mara 15 ya pesa ulizoweka pamoja na bonasi unahitajika kabla ya kutoa.</li><li>Bonasi moja kwa kila mtu, kaya na akaunti ya malipo.</li></ul>',
    },
  },
  {
    code: 'promo-invite-friends',
    type: 'PR',
    execution: null,
    imageCount: 2,
    title: { EN: 'Invite friends, earn ৳377 each', BN: 'বন্ধুদের আমন্ত্রণ জানান, প্রতিজনে ৳377', SW: 'Alika marafiki, pata ৳377 kwa kila mmoja' },
    content: {
      EN: '<p>Share your referral link. When a friend registers and deposits ৳300 or more, you receive ৳377. Invite rewards reach up to ৳1,777.</p>',
      BN: '<p>আপনার রেফারেল লিংক শেয়ার করুন। বন্ধু নিবন্ধন করে ৳300 বা তার বেশি ডিপোজিট করলে আপনি পাবেন ৳377। আমন্ত্রণ পুরস্কার ৳1,777 পর্যন্ত।</p>',
      SW: '<p>Shiriki kiungo chako cha rufaa. Rafiki anapojisajili na kuweka pesa ৳300 au zaidi, unapokea ৳377. Zawadi za mwaliko hufikia hadi ৳1,777.</p>',
    },
  },
  {
    code: 'promo-red-envelope',
    type: 'PR',
    execution: null,
    imageCount: 1,
    title: { EN: 'Lucky red envelope', BN: 'লাকি লাল খাম', SW: 'Bahasha nyekundu ya bahati' },
    content: {
      EN: '<p>Open a lucky red envelope every day you place valid bets of ৳1,000 or more. Each envelope holds a random reward of up to ৳7,777.</p>',
      BN: '<p>যেদিন ৳1,000 বা তার বেশি বৈধ বাজি ধরবেন, সেদিন একটি লাকি লাল খাম খুলুন। প্রতিটি খামে ৳7,777 পর্যন্ত এলোমেলো পুরস্কার থাকে।</p>',
      SW: '<p>Fungua bahasha nyekundu ya bahati kila siku unayoweka madau halali ya ৳1,000 au zaidi. Kila bahasha ina zawadi ya nasibu ya hadi ৳7,777.</p>',
    },
  },
];
