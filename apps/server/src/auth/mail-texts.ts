import type { Language } from '@smart-city/shared';
import type { MailMessage } from './mailer';

/**
 * The platform's e-mails in each of the app's languages. The link stands on a line of its own, so
 * that every mail program makes it clickable whatever script the words around it are in.
 */
const TEXTS: Record<
  Language,
  {
    verify: { subject: string; body: (url: string) => string };
    reset: { subject: string; body: (url: string) => string };
  }
> = {
  en: {
    verify: {
      subject: 'Confirm your Smart City e-mail address',
      body: (url) =>
        'Welcome to Smart City.\n\n' +
        `Open this link to confirm that this address is yours:\n${url}\n\n` +
        'If you did not register, ignore this e-mail.',
    },
    reset: {
      subject: 'Reset your Smart City password',
      body: (url) =>
        'Someone asked to reset the password of your Smart City account.\n\n' +
        `Open this link within an hour to choose a new password:\n${url}\n\n` +
        'If it was not you, ignore this e-mail: your password stays as it is.',
    },
  },
  hi: {
    verify: {
      subject: 'स्मार्ट सिटी पर अपना ई-मेल पता पक्का करें',
      body: (url) =>
        'स्मार्ट सिटी में आपका स्वागत है।\n\n' +
        `यह पता आपका ही है, यह पक्का करने के लिए यह लिंक खोलें:\n${url}\n\n` +
        'अगर आपने पंजीकरण नहीं किया है, तो इस ई-मेल को अनदेखा करें।',
    },
    reset: {
      subject: 'अपना स्मार्ट सिटी पासवर्ड बदलें',
      body: (url) =>
        'किसी ने आपके स्मार्ट सिटी खाते का पासवर्ड बदलने का अनुरोध किया है।\n\n' +
        `नया पासवर्ड चुनने के लिए एक घंटे के भीतर यह लिंक खोलें:\n${url}\n\n` +
        'अगर यह अनुरोध आपने नहीं किया, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
    },
  },
  bn: {
    verify: {
      subject: 'স্মার্ট সিটিতে আপনার ই-মেল ঠিকানা নিশ্চিত করুন',
      body: (url) =>
        'স্মার্ট সিটিতে আপনাকে স্বাগত।\n\n' +
        `ঠিকানাটি যে আপনারই, তা নিশ্চিত করতে এই লিংকটি খুলুন:\n${url}\n\n` +
        'আপনি নিবন্ধন না করে থাকলে এই ই-মেলটি উপেক্ষা করুন।',
    },
    reset: {
      subject: 'আপনার স্মার্ট সিটি পাসওয়ার্ড বদলান',
      body: (url) =>
        'কেউ আপনার স্মার্ট সিটি অ্যাকাউন্টের পাসওয়ার্ড বদলানোর অনুরোধ করেছেন।\n\n' +
        `নতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন:\n${url}\n\n` +
        'অনুরোধটি আপনি না করে থাকলে এই ই-মেলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
    },
  },
};

/** The e-mail that confirms a new account's address. */
export function verifyEmailMail(to: string, url: string, language: Language): MailMessage {
  const { subject, body } = TEXTS[language].verify;
  return { to, subject, text: body(url) };
}

/** The e-mail with a link to choose a new password. */
export function resetPasswordMail(to: string, url: string, language: Language): MailMessage {
  const { subject, body } = TEXTS[language].reset;
  return { to, subject, text: body(url) };
}
