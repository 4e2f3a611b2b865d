import {
  alertSayIn,
  alertWordsIn,
  DEFAULT_LANGUAGE,
  fillWords,
  languageSchema,
  type AlertFacts,
  type AlertSeverity,
  type Language,
  type NotificationKind,
} from '@smart-city/shared';

/** What an alert e-mail is filled with; every value is stored with the queued e-mail. */
export type AlertEmailParams = {
  recipientName: string;
  /** The alert's title as stored (English): what the e-mail says when the alert has no facts. */
  alertTitle: string;
  /**
   * What the alert's rule found, from which the title and message are written in the recipient's
   * language; null (or absent, in e-mails queued before) for an alert without facts.
   */
  alertFacts?: AlertFacts | null;
  severity: AlertSeverity;
  /** The alert's city, by key; its name is looked up when the e-mail is written. */
  city: string;
  /** Who assigned or mentioned; null for what the escalation policy did. */
  actor: string | null;
  /** The start of the comment that mentioned the recipient. */
  excerpt: string | null;
  /** The alert in the web app. */
  alertUrl: string;
};

/**
 * The texts of the e-mail around the alert; the alert's own words (its title and message, and the
 * name of its severity) come from the alert words catalogue shared with the web app.
 */
type Texts = {
  subject: Record<NotificationKind, string>;
  /** The opening line of each kind of e-mail. */
  lead: Record<NotificationKind, string>;
  greeting: string;
  open: string;
  quoted: string;
  why: string;
};

/**
 * The texts of every e-mail, keyed by language, written for readers of each rather than word for
 * word. `{{name}}` is replaced by the value of that name; proper names (people, cities) and the
 * alert's link stay as they are.
 */
const EMAIL_TEXTS: Record<Language, Texts> = {
  en: {
    subject: {
      escalated: '[{{severity}}] Not yet acknowledged: {{alertTitle}}',
      reminded: '[{{severity}}] Reminder, still not acknowledged: {{alertTitle}}',
      assigned: '{{actor}} assigned you an alert: {{alertTitle}}',
      mentioned: '{{actor}} mentioned you on an alert: {{alertTitle}}',
    },
    lead: {
      escalated:
        'A {{severity}} alert in {{cityName}} has not been acknowledged, and its escalation policy asks you to look at it:',
      reminded: 'A {{severity}} alert in {{cityName}} is still not acknowledged:',
      assigned: '{{actor}} assigned you a {{severity}} alert in {{cityName}}:',
      mentioned: '{{actor}} mentioned you in the comments of a {{severity}} alert in {{cityName}}:',
    },
    greeting: 'Hello {{recipientName}},',
    open: 'Open the alert: {{alertUrl}}',
    quoted: 'They wrote: "{{excerpt}}"',
    why: 'You receive this e-mail because of your notification settings in Smart City; change them under Settings.',
  },
  hi: {
    subject: {
      escalated: '[{{severity}}] अब तक स्वीकार नहीं हुआ: {{alertTitle}}',
      reminded: '[{{severity}}] याद दिला रहे हैं, अब भी स्वीकार नहीं हुआ: {{alertTitle}}',
      assigned: '{{actor}} ने आपको एक अलर्ट सौंपा: {{alertTitle}}',
      mentioned: '{{actor}} ने एक अलर्ट पर आपका ज़िक्र किया: {{alertTitle}}',
    },
    lead: {
      escalated:
        '{{cityName}} का एक {{severity}} अलर्ट अब तक किसी ने स्वीकार नहीं किया है, इसलिए उसकी एस्केलेशन नीति के अनुसार यह आपको भेजा गया है:',
      reminded: '{{cityName}} का एक {{severity}} अलर्ट अब भी स्वीकार नहीं हुआ है:',
      assigned: '{{actor}} ने {{cityName}} का एक {{severity}} अलर्ट आपको सौंपा है:',
      mentioned: '{{actor}} ने {{cityName}} के एक {{severity}} अलर्ट की टिप्पणियों में आपका ज़िक्र किया है:',
    },
    greeting: 'नमस्ते {{recipientName}},',
    open: 'अलर्ट खोलें: {{alertUrl}}',
    quoted: 'उन्होंने लिखा: "{{excerpt}}"',
    why: 'आपको यह ई-मेल स्मार्ट सिटी में आपकी सूचना सेटिंग्स के कारण मिला है; इन्हें सेटिंग्स में बदल सकते हैं।',
  },
  bn: {
    subject: {
      escalated: '[{{severity}}] এখনও স্বীকার করা হয়নি: {{alertTitle}}',
      reminded: '[{{severity}}] আবার মনে করিয়ে দিচ্ছি, এখনও স্বীকার করা হয়নি: {{alertTitle}}',
      assigned: '{{actor}} আপনাকে একটি সতর্কতার দায়িত্ব দিয়েছেন: {{alertTitle}}',
      mentioned: '{{actor}} একটি সতর্কতায় আপনার নাম উল্লেখ করেছেন: {{alertTitle}}',
    },
    lead: {
      escalated:
        '{{cityName}}-এর একটি সতর্কতা ({{severity}}) এখনও কেউ স্বীকার করেননি, তাই এর এসকেলেশন নীতি অনুযায়ী সেটি আপনার কাছে পাঠানো হয়েছে:',
      reminded: '{{cityName}}-এর একটি সতর্কতা ({{severity}}) এখনও স্বীকার করা হয়নি:',
      assigned: '{{actor}} আপনাকে {{cityName}}-এর একটি সতর্কতার ({{severity}}) দায়িত্ব দিয়েছেন:',
      mentioned:
        '{{actor}} {{cityName}}-এর একটি সতর্কতার ({{severity}}) মন্তব্যে আপনার নাম উল্লেখ করেছেন:',
    },
    greeting: 'নমস্কার {{recipientName}},',
    open: 'সতর্কতাটি খুলুন: {{alertUrl}}',
    quoted: 'তিনি লিখেছেন: "{{excerpt}}"',
    why: 'স্মার্ট সিটিতে আপনার বিজ্ঞপ্তি সেটিংসের কারণে আপনি এই ই-মেল পাচ্ছেন; সেটিংসে গিয়ে তা বদলাতে পারেন।',
  },
};

/** The subject and text of one alert e-mail in a language (English for one no longer offered). */
export function renderAlertEmail(
  kind: NotificationKind,
  language: string,
  params: AlertEmailParams,
  cityName: string,
  timeZone?: string,
): { subject: string; text: string } {
  const parsed = languageSchema.safeParse(language);
  const lang = parsed.success ? parsed.data : DEFAULT_LANGUAGE;
  const texts = EMAIL_TEXTS[lang];
  const say = alertSayIn(lang);
  // From the facts in the recipient's language; an alert without them is quoted as it was written.
  const words = params.alertFacts ? alertWordsIn(params.alertFacts, lang, timeZone) : null;
  const alertTitle = words?.title ?? params.alertTitle;
  const severity = say(`severity.${params.severity}`, {});
  const values: Record<string, string> = {
    recipientName: params.recipientName,
    alertTitle,
    // A heading's capital, as the subject's badge: "[Critical]".
    severity: severity.charAt(0).toLocaleUpperCase(lang) + severity.slice(1),
    cityName,
    actor: params.actor ?? '',
    excerpt: params.excerpt ?? '',
    alertUrl: params.alertUrl,
  };
  const lines = [
    fillWords(texts.greeting, values),
    '',
    fillWords(texts.lead[kind], values),
    '',
    `  ${alertTitle}`,
    ...(words ? [`  ${words.message}`] : []),
    ...(kind === 'mentioned' && params.excerpt ? ['', fillWords(texts.quoted, values)] : []),
    '',
    fillWords(texts.open, values),
    '',
    '--',
    texts.why,
  ];
  return { subject: fillWords(texts.subject[kind], values), text: `${lines.join('\n')}\n` };
}
