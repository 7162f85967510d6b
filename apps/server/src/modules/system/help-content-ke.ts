import { HELP_CENTRE, type HelpArticleSeed, type HelpCategorySeed } from './help-content';

/*
 * The East African merchant's (KISMAT-KE) help centre: the default merchant's, with the deposit
 * and withdrawal guides written for M-Pesa and Kenyan shillings (no bKash, Nagad, Rocket or ৳).
 */

const KE_BANKING: HelpArticleSeed[] = [
  {
    slug: 'deposit',
    title: { BN: 'এম-পেসায় কীভাবে জমা দেবেন', EN: 'How to deposit with M-Pesa', SW: 'Jinsi ya kuweka pesa kwa M-Pesa' },
    content: {
      EN: '<ol><li>Log in and press <strong>Deposit</strong>, then choose <strong>M-Pesa</strong>.</li><li>Enter the amount in Kenyan shillings (whole shillings, within the limits shown).</li><li>Check the Safaricom number the request goes to and press <strong>Pay</strong>.</li><li>Your phone shows an M-Pesa prompt: enter your M-Pesa PIN to confirm. Keep the deposit page open; it waits for the answer.</li><li>Your balance is credited as soon as Safaricom confirms, and you receive the M-Pesa SMS with the receipt number.</li></ol><p>If you cancel or the prompt runs out, nothing is taken and you may try again. If money left your M-Pesa but your balance did not change within 10 minutes, contact customer service with the M-Pesa receipt number. Kismat never asks for your PIN.</p>',
      BN: '<ol><li>লগইন করে <strong>ডিপোজিট</strong> চাপুন, তারপর <strong>এম-পেসা</strong> বেছে নিন।</li><li>কেনিয়ান শিলিংয়ে পরিমাণ লিখুন (পূর্ণ শিলিং, দেখানো সীমার মধ্যে)।</li><li>যে সাফারিকম নম্বরে অনুরোধ যাবে তা দেখে <strong>পেমেন্ট</strong> চাপুন।</li><li>আপনার ফোনে এম-পেসার অনুরোধ আসবে: নিশ্চিত করতে এম-পেসা পিন দিন। ডিপোজিট পাতা খোলা রাখুন; পাতা উত্তরের অপেক্ষা করে।</li><li>সাফারিকম নিশ্চিত করলেই ব্যালেন্সে টাকা যোগ হয় এবং আপনি রসিদ নম্বরসহ এম-পেসার এসএমএস পাবেন।</li></ol><p>বাতিল করলে বা অনুরোধের সময় শেষ হলে কিছুই কাটা হয় না, আবার চেষ্টা করতে পারেন। এম-পেসা থেকে টাকা কেটে গেলেও 10 মিনিটে ব্যালেন্স না বদলালে এম-পেসা রসিদ নম্বরসহ গ্রাহক সেবায় যোগাযোগ করুন। কিসমত কখনো আপনার পিন চায় না।</p>',
      SW: '<ol><li>Ingia na ubonyeze <strong>Weka pesa</strong>, kisha uchague <strong>M-Pesa</strong>.</li><li>Andika kiasi kwa shilingi za Kenya (shilingi kamili, ndani ya vikomo vinavyoonyeshwa).</li><li>Hakikisha namba ya Safaricom ombi litakapokwenda na ubonyeze <strong>Lipa</strong>.</li><li>Simu yako itaonyesha ombi la M-Pesa: weka PIN yako ya M-Pesa kuthibitisha. Acha ukurasa wa kuweka pesa wazi; unasubiri jibu.</li><li>Salio lako huongezwa mara Safaricom inapothibitisha, na utapokea SMS ya M-Pesa yenye namba ya risiti.</li></ol><p>Ukighairi au muda wa ombi ukiisha, hakuna kinachokatwa na unaweza kujaribu tena. Pesa zikitoka kwenye M-Pesa yako lakini salio lisibadilike ndani ya dakika 10, wasiliana na huduma kwa wateja ukiwa na namba ya risiti ya M-Pesa. Kismat haikuombi PIN yako kamwe.</p>',
    },
  },
  {
    slug: 'withdrawal',
    title: { BN: 'এম-পেসায় কীভাবে টাকা তুলবেন', EN: 'How to withdraw to M-Pesa', SW: 'Jinsi ya kutoa pesa kwenda M-Pesa' },
    content: {
      EN: '<ol><li>In the security centre, add your M-Pesa number (07XX XXX XXX) as your withdrawal account, under your own name.</li><li>Press <strong>Withdraw</strong>, choose the M-Pesa account and enter the amount in whole shillings.</li><li>Confirm with your payment password.</li><li>Once the withdrawal is approved it is sent by M-Pesa to your number; you receive the Safaricom SMS.</li></ol><p>If M-Pesa refuses the payment, the amount returns to your balance and you are told why. Your deposit and bonus turnover must be complete before you withdraw; the withdrawal page shows what is left.</p>',
      BN: '<ol><li>নিরাপত্তা কেন্দ্রে আপনার নিজের নামে এম-পেসা নম্বর (07XX XXX XXX) উত্তোলন অ্যাকাউন্ট হিসেবে যোগ করুন।</li><li><strong>উত্তোলন</strong> চাপুন, এম-পেসা অ্যাকাউন্ট বেছে নিন এবং পূর্ণ শিলিংয়ে পরিমাণ লিখুন।</li><li>আপনার পেমেন্ট পাসওয়ার্ড দিয়ে নিশ্চিত করুন।</li><li>উত্তোলন অনুমোদিত হলে এম-পেসার মাধ্যমে আপনার নম্বরে পাঠানো হয়; আপনি সাফারিকমের এসএমএস পাবেন।</li></ol><p>এম-পেসা পেমেন্ট প্রত্যাখ্যান করলে টাকা আপনার ব্যালেন্সে ফিরে আসে এবং কারণ জানানো হয়। উত্তোলনের আগে ডিপোজিট ও বোনাসের টার্নওভার সম্পূর্ণ হতে হবে; উত্তোলন পাতায় বাকি পরিমাণ দেখানো থাকে।</p>',
      SW: '<ol><li>Kwenye kituo cha usalama, ongeza namba yako ya M-Pesa (07XX XXX XXX) kama akaunti ya kutolea, kwa jina lako mwenyewe.</li><li>Bonyeza <strong>Toa pesa</strong>, chagua akaunti ya M-Pesa na uandike kiasi kwa shilingi kamili.</li><li>Thibitisha kwa nenosiri lako la malipo.</li><li>Utoaji ukishaidhinishwa, hutumwa kwa M-Pesa kwenye namba yako; utapokea SMS ya Safaricom.</li></ol><p>M-Pesa ikikataa malipo, kiasi hurudi kwenye salio lako na utaambiwa sababu. Mzunguko wa pesa ulizoweka na bonasi lazima ukamilike kabla ya kutoa; ukurasa wa kutoa pesa unaonyesha kilichobaki.</p>',
    },
  },
];

export const KE_HELP_CENTRE: HelpCategorySeed[] = HELP_CENTRE.map((category) =>
  category.slug === 'banking' ? { ...category, articles: KE_BANKING } : category,
);
