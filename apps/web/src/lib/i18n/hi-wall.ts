import type { WallTranslation } from './texts';

/** Hindi texts of the wall screen and the map's legend and hover labels (see en-wall.ts). */
export const hiWall: WallTranslation = {
  open: 'वॉल स्क्रीन',
  openHint: 'इस शहर को कंट्रोल रूम की स्क्रीन पर दिखाएँ: सब कुछ एक ही नज़र में, लगातार लाइव',
  label: '{{city}} की वॉल स्क्रीन',
  exit: 'वॉल स्क्रीन से बाहर निकलें',
  clockLabel: '{{city}} में समय',
  connection: {
    label: 'लाइव कनेक्शन',
    connected: 'लाइव',
    connecting: 'कनेक्ट हो रहा है…',
    down: 'फिर से जुड़ रहा है…',
    outdated: 'अपडेट हो रहा है…',
  },
  rotation: {
    label: 'बारी-बारी से दिखाए जाने वाले शहर',
    every: 'हर {{seconds}} सेकंड',
    next: 'अगला: {{city}}, {{seconds}} सेकंड में',
    current: '{{city}}, अभी दिखाया जा रहा है',
  },
  cards: {
    title: 'शहर के आँकड़े',
    noReadings: 'कोई रीडिंग नहीं',
    loadFailed: 'शहर के आँकड़े लोड नहीं हो सके। फिर से कोशिश की जा रही है…',
    trendLabel: 'पिछले 24 घंटों में {{metric}}, {{min}} से {{max}} तक',
    noTrend: 'अभी कोई रुझान नहीं',
    asOf: '{{time}} तक के',
  },
  alerts: {
    title: 'सक्रिय अलर्ट',
    total_one: '{{count}} सक्रिय',
    total_other: '{{count}} सक्रिय',
    critical_one: '{{count}} गंभीर',
    critical_other: '{{count}} गंभीर',
    empty: 'कोई सक्रिय अलर्ट नहीं',
    more_one: '{{count}} और सक्रिय अलर्ट',
    more_other: '{{count}} और सक्रिय अलर्ट',
    loadFailed: 'अलर्ट लोड नहीं हो सके। फिर से कोशिश की जा रही है…',
  },
  map: {
    title: 'सेंसर',
    empty: 'अभी कोई सेंसर पंजीकृत नहीं है',
  },
  legend: {
    label: 'नक्शे की कुंजी',
    statuses: 'स्थिति',
    types: 'प्रकार',
    alerts: 'अलर्ट',
    clusterNote:
      'सेंसर में उसके प्रकार का रंग भरा होता है, उसका घेरा स्थिति बताता है और उसके चारों ओर की आभा उसका सबसे गंभीर अलर्ट; समूह का रंग उसके सबसे गंभीर अलर्ट का होता है, अलर्ट न हो तो सबसे ख़राब स्थिति का',
  },
  hover: {
    sensors_one: '{{count}} सेंसर',
    sensors_other: '{{count}} सेंसर',
    worst: 'सबसे ख़राब: {{status}}',
    worstAlert: 'सबसे गंभीर अलर्ट: {{severity}}',
    reading: 'रीडिंग आ रही है…',
    noReading: 'अभी कोई रीडिंग नहीं',
  },
};
