import {
  alertSayIn,
  alertWordsIn,
  DEFAULT_LANGUAGE,
  fillWords,
  languageSchema,
  type AlertFacts,
  type AlertSeverity,
  type AlertNotificationKind,
  type Language,
  type ReportCategory,
  type ReportNotificationKind,
  type ReportStatus,
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
  subject: Record<AlertNotificationKind, string>;
  /** The opening line of each kind of e-mail. */
  lead: Record<AlertNotificationKind, string>;
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
  kind: AlertNotificationKind,
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

/** What a report e-mail is filled with; every value is stored with the queued e-mail. */
export type ReportEmailParams = {
  recipientName: string;
  /** The report's public number. */
  reportId: string;
  category: ReportCategory;
  status: ReportStatus;
  /** The start of what was reported, as the reporter wrote it. */
  description: string;
  /** The report it was merged into, for a merge. */
  mergedInto: string | null;
  /** The report's city, by key; its name is looked up when the e-mail is written. */
  city: string;
  /** Who gave the report to the recipient, or moved it on. */
  actor: string | null;
  /** The resolution or the reason the city gave. */
  excerpt: string | null;
  /** The report in the web app. */
  reportUrl: string;
};

type ReportTexts = {
  subject: Record<ReportNotificationKind, string>;
  lead: Record<ReportNotificationKind, string>;
  categories: Record<ReportCategory, string>;
  statuses: Record<ReportStatus, string>;
  note: string;
  greeting: string;
  open: string;
  why: string;
};

/**
 * The texts of the report e-mails, keyed by language, with the names of the categories and
 * statuses as the report screens give them. `{{name}}` is replaced by the value of that name.
 */
const REPORT_EMAIL_TEXTS: Record<Language, ReportTexts> = {
  en: {
    subject: {
      report_status: 'Report #{{reportId}} is now {{status}}: {{category}}',
      report_merged: 'Report #{{reportId}} was merged into report #{{mergedInto}}',
      report_assigned: '{{actor}} gave you report #{{reportId}}: {{category}}',
      report_overdue: 'Past its deadline: report #{{reportId}}, {{category}}',
    },
    lead: {
      report_status: 'A problem you reported or follow in {{cityName}} is now {{status}}:',
      report_merged:
        'A problem you reported or follow in {{cityName}} had been reported before. You now follow report #{{mergedInto}}, where the work goes on:',
      report_assigned: '{{actor}} gave you a problem reported in {{cityName}}:',
      report_overdue:
        'A problem reported in {{cityName}} has passed its deadline without being closed:',
    },
    categories: {
      pothole: 'Pothole',
      garbage: 'Garbage not collected',
      overflowing_bin: 'Overflowing bin',
      streetlight: 'Streetlight out',
      water_leak: 'Water leak',
      sewage: 'Sewage or drain blocked',
      noise: 'Noise',
      fallen_tree: 'Fallen tree',
      other: 'Something else',
    },
    statuses: {
      open: 'open',
      acknowledged: 'acknowledged',
      in_progress: 'in progress',
      closed: 'closed',
      rejected: 'rejected',
    },
    note: 'The city wrote: "{{excerpt}}"',
    greeting: 'Hello {{recipientName}},',
    open: 'Open the report: {{reportUrl}}',
    why: 'You receive this e-mail because of your notification settings in Smart City; change them under Settings.',
  },
  hi: {
    subject: {
      report_status: 'शिकायत #{{reportId}} अब {{status}} है: {{category}}',
      report_merged: 'शिकायत #{{reportId}} को शिकायत #{{mergedInto}} में मिला दिया गया',
      report_assigned: '{{actor}} ने शिकायत #{{reportId}} आपको सौंपी: {{category}}',
      report_overdue: 'समय-सीमा निकल गई: शिकायत #{{reportId}}, {{category}}',
    },
    lead: {
      report_status: '{{cityName}} में आपकी दर्ज की हुई या फ़ॉलो की हुई शिकायत अब {{status}} है:',
      report_merged:
        '{{cityName}} में आपकी दर्ज की हुई या फ़ॉलो की हुई समस्या पहले ही दर्ज हो चुकी थी। अब आप शिकायत #{{mergedInto}} को फ़ॉलो करते हैं, जहाँ काम आगे चल रहा है:',
      report_assigned: '{{actor}} ने {{cityName}} में दर्ज एक समस्या आपको सौंपी है:',
      report_overdue: '{{cityName}} में दर्ज एक समस्या बंद हुए बिना अपनी समय-सीमा पार कर चुकी है:',
    },
    categories: {
      pothole: 'सड़क में गड्ढा',
      garbage: 'कूड़ा नहीं उठाया गया',
      overflowing_bin: 'भरा हुआ कूड़ेदान',
      streetlight: 'स्ट्रीटलाइट बंद',
      water_leak: 'पानी का रिसाव',
      sewage: 'सीवर या नाली जाम',
      noise: 'शोर',
      fallen_tree: 'गिरा हुआ पेड़',
      other: 'कुछ और',
    },
    statuses: {
      open: 'खुली',
      acknowledged: 'स्वीकार की गई',
      in_progress: 'काम जारी',
      closed: 'बंद',
      rejected: 'अस्वीकृत',
    },
    note: 'नगर ने लिखा: "{{excerpt}}"',
    greeting: 'नमस्ते {{recipientName}},',
    open: 'शिकायत खोलें: {{reportUrl}}',
    why: 'आपको यह ई-मेल स्मार्ट सिटी में आपकी सूचना सेटिंग्स के कारण मिला है; इन्हें सेटिंग्स में बदल सकते हैं।',
  },
  bn: {
    subject: {
      report_status: 'অভিযোগ #{{reportId}} এখন {{status}}: {{category}}',
      report_merged: 'অভিযোগ #{{reportId}}-কে অভিযোগ #{{mergedInto}}-এর সঙ্গে মেলানো হয়েছে',
      report_assigned: '{{actor}} অভিযোগ #{{reportId}}-এর দায়িত্ব আপনাকে দিয়েছেন: {{category}}',
      report_overdue: 'সময়সীমা পেরিয়ে গেছে: অভিযোগ #{{reportId}}, {{category}}',
    },
    lead: {
      report_status: '{{cityName}}-এ আপনার জানানো বা অনুসরণ করা একটি সমস্যা এখন {{status}}:',
      report_merged:
        '{{cityName}}-এ আপনার জানানো বা অনুসরণ করা সমস্যাটি আগেই জানানো হয়েছিল। এখন আপনি অভিযোগ #{{mergedInto}} অনুসরণ করছেন, যেখানে কাজ চলছে:',
      report_assigned: '{{actor}} {{cityName}}-এ জানানো একটি সমস্যার দায়িত্ব আপনাকে দিয়েছেন:',
      report_overdue: '{{cityName}}-এ জানানো একটি সমস্যা বন্ধ না হয়েই সময়সীমা পেরিয়ে গেছে:',
    },
    categories: {
      pothole: 'রাস্তায় গর্ত',
      garbage: 'আবর্জনা তোলা হয়নি',
      overflowing_bin: 'উপচে পড়া ডাস্টবিন',
      streetlight: 'রাস্তার আলো নিভে আছে',
      water_leak: 'জলের পাইপে লিক',
      sewage: 'নর্দমা বা ড্রেন আটকে আছে',
      noise: 'শব্দদূষণ',
      fallen_tree: 'গাছ পড়ে আছে',
      other: 'অন্য কিছু',
    },
    statuses: {
      open: 'খোলা',
      acknowledged: 'গৃহীত',
      in_progress: 'কাজ চলছে',
      closed: 'বন্ধ',
      rejected: 'নাকচ',
    },
    note: 'নগর কর্তৃপক্ষ লিখেছে: "{{excerpt}}"',
    greeting: 'নমস্কার {{recipientName}},',
    open: 'অভিযোগটি খুলুন: {{reportUrl}}',
    why: 'স্মার্ট সিটিতে আপনার বিজ্ঞপ্তি সেটিংসের কারণে আপনি এই ই-মেল পাচ্ছেন; সেটিংসে গিয়ে তা বদলাতে পারেন।',
  },
};

/** The subject and text of one report e-mail in a language (English for one no longer offered). */
export function renderReportEmail(
  kind: ReportNotificationKind,
  language: string,
  params: ReportEmailParams,
  cityName: string,
): { subject: string; text: string } {
  const parsed = languageSchema.safeParse(language);
  const texts = REPORT_EMAIL_TEXTS[parsed.success ? parsed.data : DEFAULT_LANGUAGE];
  const values: Record<string, string> = {
    recipientName: params.recipientName,
    reportId: params.reportId,
    mergedInto: params.mergedInto ?? '',
    category: texts.categories[params.category],
    status: texts.statuses[params.status],
    cityName,
    actor: params.actor ?? '',
    excerpt: params.excerpt ?? '',
    reportUrl: params.reportUrl,
  };
  const lines = [
    fillWords(texts.greeting, values),
    '',
    fillWords(texts.lead[kind], values),
    '',
    `  #${params.reportId} · ${values.category}`,
    `  ${params.description}`,
    ...(params.excerpt ? ['', fillWords(texts.note, values)] : []),
    '',
    fillWords(texts.open, values),
    '',
    '--',
    texts.why,
  ];
  return { subject: fillWords(texts.subject[kind], values), text: `${lines.join('\n')}\n` };
}
