import type { Language } from '@kismat/contracts/languages';

export function resetEmailSubject(language: Language): string {
  return { BN: 'Kismat পাসওয়ার্ড রিসেট', EN: 'Reset your Kismat password', SW: 'Weka upya nenosiri lako la Kismat' }[language];
}

export function resetEmailText(language: Language, link: string, minutes: number): string {
  switch (language) {
    case 'BN':
      return `নতুন পাসওয়ার্ড সেট করতে এই লিংকটি খুলুন (${minutes} মিনিট বৈধ, একবারই ব্যবহারযোগ্য):\n${link}\n\nআপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন।`;
    case 'SW':
      return `Fungua kiungo hiki kuweka nenosiri jipya (halali kwa dakika ${minutes}, mara moja tu):\n${link}\n\nKama hukuomba, puuza barua pepe hii.`;
    default:
      return `Open this link to set a new password (valid for ${minutes} minutes, once):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`;
  }
}

export function resetEmailSentMessage(language: Language): string {
  return {
    BN: 'তথ্য মিলে গেলে আপনার ই-মেইলে একটি রিসেট লিংক পাঠানো হয়েছে',
    EN: 'If the details match an account, a reset link has been sent to its e-mail',
    SW: 'Ikiwa maelezo yanalingana na akaunti, kiungo cha kuweka upya kimetumwa kwa barua pepe yake',
  }[language];
}
