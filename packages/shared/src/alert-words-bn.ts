import type { AlertWordsCatalogue } from './alert-words-en';

/** The words of alerts in Bengali (see alert-words-en.ts). */
export const alertWordsBn: AlertWordsCatalogue = {
  title: {
    traffic: '{{location}}-এ তীব্র যানজট',
    air_quality: '{{location}}-এ বায়ুর মান খারাপ',
    waste: '{{location}}-এ বর্জ্য পাত্র প্রায় ভর্তি',
    energy: '{{location}}-এ বিদ্যুৎ ফিডারে অতিরিক্ত চাপ',
    ph: '{{location}}-এ জলের pH সীমার বাইরে',
    turbidity: '{{location}}-এ ঘোলা জল',
    offline: '{{location}}-এ সেন্সর অফলাইন',
  },
  message: {
    traffic: 'যানজট {{value}} %',
    air_quality: 'AQI {{value}}',
    waste: 'ভর্তি {{value}} %',
    energy: 'চাপ {{load}} MW, যা নির্ধারিত {{rated}} MW-এর {{percent}} %',
    ph: 'pH {{ph}} (নিরাপদ {{low}}–{{high}})',
    turbidity: 'ঘোলাটেভাব {{ntu}} NTU',
    offline: '{{time}}-এর পর থেকে {{name}} কোনো রিডিং পাঠায়নি',
  },
  passed: '{{message}} ({{severity}}: ≥ {{level}})',
  severity: { critical: 'সংকটজনক', high: 'উচ্চ', warning: 'সতর্কবার্তা', info: 'তথ্য' },
  group: {
    overLimits_one: '{{count}}টি {{type}} সেন্সর সীমা ছাড়িয়েছে',
    overLimits_other: '{{count}}টি {{type}} সেন্সর সীমা ছাড়িয়েছে',
    overLimitsAny_one: '{{count}}টি সেন্সর সীমা ছাড়িয়েছে',
    overLimitsAny_other: '{{count}}টি সেন্সর সীমা ছাড়িয়েছে',
    silent_one: '{{count}}টি {{type}} সেন্সর নীরব',
    silent_other: '{{count}}টি {{type}} সেন্সর নীরব',
    silentAny_one: '{{count}}টি সেন্সর নীরব',
    silentAny_other: '{{count}}টি সেন্সর নীরব',
  },
};
