import type { WallTranslation } from './texts';

/** Bengali texts of the wall screen and the map's legend and hover labels (see en-wall.ts). */
export const bnWall: WallTranslation = {
  open: 'ওয়াল স্ক্রিন',
  openHint: 'এই শহরটি কন্ট্রোল রুমের স্ক্রিনে দেখান: সবকিছু এক নজরে, সবসময় লাইভ',
  label: '{{city}}-এর ওয়াল স্ক্রিন',
  exit: 'ওয়াল স্ক্রিন থেকে বেরোন',
  clockLabel: '{{city}}-এর সময়',
  connection: {
    label: 'লাইভ সংযোগ',
    connected: 'লাইভ',
    connecting: 'সংযোগ হচ্ছে…',
    down: 'আবার সংযোগ হচ্ছে…',
    outdated: 'আপডেট হচ্ছে…',
  },
  rotation: {
    label: 'পালা করে দেখানো শহর',
    every: 'প্রতি {{seconds}} সেকেন্ডে',
    next: 'এরপর: {{city}}, {{seconds}} সেকেন্ড পরে',
    current: '{{city}}, এখন দেখানো হচ্ছে',
  },
  cards: {
    title: 'শহরের পরিসংখ্যান',
    noReadings: 'কোনো রিডিং নেই',
    loadFailed: 'শহরের পরিসংখ্যান লোড করা যায়নি। আবার চেষ্টা করা হচ্ছে…',
    trendLabel: 'গত ২৪ ঘণ্টায় {{metric}}, {{min}} থেকে {{max}}',
    noTrend: 'এখনও কোনো প্রবণতা নেই',
    asOf: '{{time}} পর্যন্ত',
  },
  alerts: {
    title: 'সক্রিয় সতর্কতা',
    total_one: '{{count}}টি সক্রিয়',
    total_other: '{{count}}টি সক্রিয়',
    critical_one: '{{count}}টি সংকটজনক',
    critical_other: '{{count}}টি সংকটজনক',
    empty: 'কোনো সক্রিয় সতর্কতা নেই',
    more_one: 'আরও {{count}}টি সক্রিয় সতর্কতা',
    more_other: 'আরও {{count}}টি সক্রিয় সতর্কতা',
    loadFailed: 'সতর্কতাগুলো লোড করা যায়নি। আবার চেষ্টা করা হচ্ছে…',
  },
  map: {
    title: 'সেন্সর',
    empty: 'এখনও কোনো সেন্সর নথিভুক্ত হয়নি',
  },
  legend: {
    label: 'মানচিত্রের সংকেত',
    statuses: 'অবস্থা',
    types: 'ধরন',
    alerts: 'সতর্কতা',
    clusterNote:
      'সেন্সরের ভেতরের রং তার ধরন, চারপাশের রিং তার অবস্থা আর বাইরের আভা তার সবচেয়ে গুরুতর সতর্কতা বোঝায়; একটি দলের রং তার সবচেয়ে গুরুতর সতর্কতার, সতর্কতা না থাকলে সবচেয়ে খারাপ অবস্থার',
  },
  hover: {
    sensors_one: '{{count}}টি সেন্সর',
    sensors_other: '{{count}}টি সেন্সর',
    worst: 'সবচেয়ে খারাপ: {{status}}',
    worstAlert: 'সবচেয়ে গুরুতর সতর্কতা: {{severity}}',
    reading: 'রিডিং আসছে…',
    noReading: 'এখনও কোনো রিডিং নেই',
  },
};
