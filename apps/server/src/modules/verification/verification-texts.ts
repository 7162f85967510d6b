import type { Language } from '@kismat/contracts/languages';

/** What the member receives and the success messages of the send calls, per interface language. */
export function smsCodeText(language: Language, code: string, minutes: number): string {
  switch (language) {
    case 'BN':
      return `আপনার Kismat যাচাইকরণ কোড ${code}। এটি ${minutes} মিনিট পর্যন্ত বৈধ। কাউকে জানাবেন না।`;
    case 'SW':
      return `Msimbo wako wa uthibitisho wa Kismat ni ${code}. Ni halali kwa dakika ${minutes}. Usimpe mtu yeyote.`;
    default:
      return `Your Kismat verification code is ${code}. It is valid for ${minutes} minutes. Do not share it.`;
  }
}

export function emailCodeSubject(language: Language): string {
  return { BN: 'Kismat যাচাইকরণ কোড', EN: 'Your Kismat verification code', SW: 'Msimbo wako wa uthibitisho wa Kismat' }[language];
}

export function codeSentMessage(language: Language, minutes: number): string {
  return {
    BN: `যাচাইকরণ কোড পাঠানো হয়েছে, ${minutes} মিনিট পর্যন্ত বৈধ`,
    EN: `The verification code has been sent and is valid for ${minutes} minutes`,
    SW: `Msimbo wa uthibitisho umetumwa na ni halali kwa dakika ${minutes}`,
  }[language];
}
