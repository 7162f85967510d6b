import { ANNOUNCEMENTS, type AnnouncementSeed, BANNERS, type BannerSeed } from './messages-content';

/*
 * The East African merchant's (KISMAT-KE, issue 22) banners and notices: M-Pesa, Kenyan shillings,
 * football; no ৳, no bKash or Nagad, and no bonus the Kenyan site does not run. Texts that fit both
 * sites (login, password recovery, security, responsible play) are the default merchant's.
 */

const SHARED_BANNERS = new Set(['w_login-1', 'w_forget-1', 'w_promotion-1', 'w_leftmenu-1']);

export const KE_BANNERS: BannerSeed[] = [
  ...BANNERS.filter((banner) => SHARED_BANNERS.has(`${banner.groupName}-${banner.key}`)),
  {
    key: '1',
    groupName: 'w_reg',
    title: { EN: 'Join Kismat Kenya today', BN: 'আজই কিসমত কেনিয়ায় যোগ দিন', SW: 'Jiunge na Kismat Kenya leo' },
    subtitle: { EN: 'Deposit and withdraw with M-Pesa', BN: 'এম-পেসায় জমা ও উত্তোলন', SW: 'Weka na utoe pesa kwa M-Pesa' },
    linkageType: 'NONE',
    linkage: '',
  },
  {
    key: '1',
    groupName: 'w_home',
    title: { EN: 'Deposit with M-Pesa in seconds', BN: 'এম-পেসায় কয়েক সেকেন্ডে জমা দিন', SW: 'Weka pesa kwa M-Pesa kwa sekunde' },
    subtitle: {
      EN: 'Enter your PIN on your phone, play at once',
      BN: 'ফোনে পিন দিন, সঙ্গে সঙ্গে খেলুন',
      SW: 'Weka PIN kwenye simu yako, cheza mara moja',
    },
    linkageType: 'INTERNAL',
    linkage: '/member?page=depositv2',
  },
  {
    key: '2',
    groupName: 'w_home',
    title: { EN: 'Football every weekend', BN: 'প্রতি সপ্তাহান্তে ফুটবল', SW: 'Soka kila wikendi' },
    subtitle: { EN: 'Bet live on every match', BN: 'প্রতিটি ম্যাচে লাইভ বাজি', SW: 'Bashiri moja kwa moja kila mechi' },
    linkageType: 'INTERNAL',
    linkage: '/sports',
  },
  {
    key: '3',
    groupName: 'w_home',
    title: { EN: 'Withdraw to M-Pesa', BN: 'এম-পেসায় উত্তোলন', SW: 'Toa pesa kwenda M-Pesa' },
    subtitle: {
      EN: 'From KSh 100, straight to your phone',
      BN: 'KSh 100 থেকে, সরাসরি আপনার ফোনে',
      SW: 'Kuanzia KSh 100, moja kwa moja kwenye simu yako',
    },
    linkageType: 'INTERNAL',
    linkage: '/member?page=withdraw',
  },
  {
    key: '2',
    groupName: 'w_promotion',
    title: { EN: 'Football season', BN: 'ফুটবল মৌসুম', SW: 'Msimu wa soka' },
    subtitle: { EN: 'Bet on every league, live', BN: 'প্রতিটি লিগে লাইভ বাজি ধরুন', SW: 'Bashiri kila ligi, moja kwa moja' },
    linkageType: 'INTERNAL',
    linkage: '/sports',
  },
  {
    key: '1',
    groupName: 'w_register',
    title: { EN: 'Register in one minute', BN: 'এক মিনিটে নিবন্ধন করুন', SW: 'Jisajili kwa dakika moja' },
    subtitle: { EN: 'Use your Safaricom number', BN: 'আপনার সাফারিকম নম্বর ব্যবহার করুন', SW: 'Tumia namba yako ya Safaricom' },
    linkageType: 'INTERNAL',
    linkage: '/register',
  },
];

const SHARED_ANNOUNCEMENTS = new Set(['notice-welcome', 'notice-responsible-gaming', 'headline-security', 'popup-member-daily']);

export const KE_ANNOUNCEMENTS: AnnouncementSeed[] = [
  ...ANNOUNCEMENTS.filter((announcement) => SHARED_ANNOUNCEMENTS.has(announcement.code)),
  {
    code: 'notice-payment-channels',
    type: 'PL',
    execution: null,
    imageCount: 0,
    title: { EN: 'M-Pesa deposits and withdrawals', BN: 'এম-পেসায় জমা ও উত্তোলন', SW: 'Kuweka na kutoa pesa kwa M-Pesa' },
    content: {
      EN: '<p>Deposit with M-Pesa: enter the amount, confirm the prompt on your phone with your M-Pesa PIN, and your balance is credited as soon as Safaricom confirms. Withdrawals are paid to your M-Pesa number. Kismat will never ask you for your PIN.</p>',
      BN: '<p>এম-পেসায় জমা দিন: পরিমাণ লিখুন, ফোনে আসা অনুরোধটি আপনার এম-পেসা পিন দিয়ে নিশ্চিত করুন, সাফারিকম নিশ্চিত করলেই ব্যালেন্সে টাকা যোগ হয়। উত্তোলন আপনার এম-পেসা নম্বরে পাঠানো হয়। কিসমত কখনো আপনার পিন চাইবে না।</p>',
      SW: '<p>Weka pesa kwa M-Pesa: andika kiasi, thibitisha ombi linalokuja kwenye simu yako kwa PIN yako ya M-Pesa, na salio lako huongezwa mara Safaricom inapothibitisha. Pesa unazotoa hulipwa kwenye namba yako ya M-Pesa. Kismat haitakuomba PIN yako kamwe.</p>',
    },
  },
  {
    code: 'popup-visitor-welcome',
    type: 'PU',
    execution: 'B',
    imageCount: 0,
    title: { EN: 'Karibu to Kismat Kenya', BN: 'কিসমত কেনিয়ায় স্বাগতম', SW: 'Karibu Kismat Kenya' },
    content: {
      EN: '<p>Register in one minute with your Safaricom number and pay with M-Pesa. Players must be 18 or over.</p>',
      BN: '<p>আপনার সাফারিকম নম্বর দিয়ে এক মিনিটে নিবন্ধন করুন এবং এম-পেসায় পেমেন্ট করুন। খেলোয়াড়দের বয়স 18 বা তার বেশি হতে হবে।</p>',
      SW: '<p>Jisajili kwa dakika moja kwa namba yako ya Safaricom na ulipe kwa M-Pesa. Wachezaji lazima wawe na miaka 18 au zaidi.</p>',
    },
  },
  {
    code: 'popup-first-login',
    type: 'PU',
    execution: 'F',
    imageCount: 0,
    title: { EN: 'Welcome aboard!', BN: 'স্বাগতম!', SW: 'Karibu sana!' },
    content: {
      EN: '<p>Your account is ready. Add your M-Pesa number as your withdrawal account in the security centre, then make your first deposit with M-Pesa.</p>',
      BN: '<p>আপনার অ্যাকাউন্ট প্রস্তুত। নিরাপত্তা কেন্দ্রে আপনার এম-পেসা নম্বর উত্তোলন অ্যাকাউন্ট হিসেবে যোগ করুন, তারপর এম-পেসায় প্রথম জমা দিন।</p>',
      SW: '<p>Akaunti yako iko tayari. Ongeza namba yako ya M-Pesa kama akaunti ya kutolea kwenye kituo cha usalama, kisha weka pesa kwa mara ya kwanza kwa M-Pesa.</p>',
    },
  },
];
