import type { MessageCatalogue } from './catalogue';

/**
 * Responsible gambling (issue 17). `{until}` / `{time}` are filled by the module with a date in
 * the site's time and Latin digits (docs/glossary.md); `{limit}` with the limit's name.
 */
export const RESPONSIBLE_GAMBLING_MESSAGES = {
  RG_LIMIT_REACHED: {
    BN: 'এটি আপনার {limit} ছাড়িয়ে যাবে। সীমা আবার খুলবে {time}',
    EN: 'This would go over your {limit}. It resets at {time}',
    SW: 'Hii ingezidi {limit} yako. Kikomo kitaanza upya {time}',
  },
  RG_EXCLUDED: {
    BN: 'আপনি নিজে খেলা থেকে বিরতি নিয়েছেন: {until} পর্যন্ত লগইন, ডিপোজিট ও বাজি বন্ধ',
    EN: 'You have chosen a break from play: login, deposits and bets are closed until {until}',
    SW: 'Umechagua mapumziko ya kucheza: kuingia, kuweka pesa na kuweka dau vimefungwa hadi {until}',
  },
  RG_RECIPIENT_RESTRICTED: {
    BN: 'এই সদস্যের অ্যাকাউন্টে এখন টাকা পাঠানো যাবে না',
    EN: 'Money cannot be sent to this member’s account now',
    SW: 'Pesa haziwezi kutumwa kwa akaunti ya mwanachama huyu sasa',
  },
  RG_EXCLUSION_ACTIVE: {
    BN: 'চলমান বিরতি বা স্ব-বর্জন ছোট করা যায় না',
    EN: 'A running time-out or self-exclusion cannot be shortened',
    SW: 'Mapumziko au kujizuia kunakoendelea hakuwezi kufupishwa',
  },
  RG_CHANGE_NOT_CONFIRMABLE: {
    BN: 'সীমা বাড়ানো 24 ঘণ্টা পরে নিশ্চিত করা যাবে: {time}',
    EN: 'A higher limit can be confirmed after its 24 hours: {time}',
    SW: 'Kikomo cha juu kinaweza kuthibitishwa baada ya saa 24: {time}',
  },
  RG_RETURN_NOT_AVAILABLE: {
    BN: 'ফিরে আসার অনুরোধ এখন করা যাবে না',
    EN: 'A return to play cannot be asked for now',
    SW: 'Ombi la kurudi kucheza haliwezi kufanywa sasa',
  },
  RG_OPERATOR_CANNOT_LOOSEN: {
    BN: 'অপারেটর শুধু সীমা আরও কঠোর করতে পারেন',
    EN: 'An operator may only make a limit stricter',
    SW: 'Mwendeshaji anaweza tu kukaza kikomo',
  },
} satisfies MessageCatalogue;
