import type { AlertWordsCatalogue } from './alert-words-en';

/** The words of alerts in Hindi (see alert-words-en.ts). */
export const alertWordsHi: AlertWordsCatalogue = {
  title: {
    traffic: '{{location}} पर भारी यातायात भीड़',
    air_quality: '{{location}} पर ख़राब वायु गुणवत्ता',
    waste: '{{location}} पर कूड़ेदान लगभग भरा',
    energy: '{{location}} पर बिजली फ़ीडर पर अधिक भार',
    ph: '{{location}} पर पानी का pH सीमा से बाहर',
    turbidity: '{{location}} पर गंदला पानी',
    offline: '{{location}} पर सेंसर ऑफ़लाइन',
  },
  message: {
    traffic: 'भीड़ {{value}} %',
    air_quality: 'AQI {{value}}',
    waste: 'भराव {{value}} %',
    energy: 'भार {{load}} MW, जो निर्धारित {{rated}} MW का {{percent}} % है',
    ph: 'pH {{ph}} (सुरक्षित {{low}}–{{high}})',
    turbidity: 'गंदलापन {{ntu}} NTU',
    offline: '{{name}} से {{time}} के बाद कोई रीडिंग नहीं आई',
  },
  passed: '{{message}} ({{severity}}: ≥ {{level}})',
  severity: { critical: 'गंभीर', high: 'उच्च', warning: 'चेतावनी', info: 'सूचना' },
  group: {
    overLimits_one: '{{count}} {{type}} सेंसर अपनी सीमा से ऊपर',
    overLimits_other: '{{count}} {{type}} सेंसर अपनी सीमा से ऊपर',
    overLimitsAny_one: '{{count}} सेंसर अपनी सीमा से ऊपर',
    overLimitsAny_other: '{{count}} सेंसर अपनी सीमा से ऊपर',
    silent_one: '{{count}} {{type}} सेंसर चुप',
    silent_other: '{{count}} {{type}} सेंसर चुप',
    silentAny_one: '{{count}} सेंसर चुप',
    silentAny_other: '{{count}} सेंसर चुप',
  },
};
