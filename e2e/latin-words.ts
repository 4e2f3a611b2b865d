import type { Page } from '@playwright/test';

/**
 * Latin words a Hindi or Bengali reader may meet on a screen: abbreviations and units (AQI, PM2.5,
 * ppb, pH, ML), chemical symbols (Pb, lead, as air-quality reports write it), key names printed on keyboards, the names of web addresses, of browsers and
 * systems and of image formats, which every language writes so.
 */
const EVERY_LANGUAGE = new Set([
  'IoT',
  'µg/m³',
  'ppb',
  'pH',
  'Pb',
  'kWh',
  'km',
  'Tab',
  'Enter',
  'Esc',
  'http',
  'https',
  'YouTube',
  'youtube.com',
  'youtu.be',
  'WebP',
  'Chrome',
  'Chromium',
  'Headless',
  'Firefox',
  'Safari',
  'Edge',
  'Linux',
  'Windows',
  'macOS',
  'Android',
  'iOS',
]);

/**
 * How the ledger names who acted: `p-` and 12 characters of a hash in base64url (letters alone at
 * times, a suffix of the language after it: "p-WfOgiBjTEVsd-এর"). An identifier, taken out whole.
 */
const LEDGER_PSEUDONYM = /(?<![A-Za-z0-9_-])p-[A-Za-z0-9_-]{12}(?![A-Za-z0-9_])/g;

/** Words that are no word of a language: ids, hashes, e-mail and web addresses, abbreviations. */
function isIdentifier(token: string): boolean {
  return (
    /^[A-Z0-9.+\-/]+$/.test(token) || // AQI, PM2.5, US, EPA, IST, 3D
    /^[a-z0-9]+(-[a-z0-9]+)+$/.test(token) || // kolkata-waste-burrabazar
    /\d/.test(token) || // hashes, keys, KOL-2611-0042
    token.includes('@') ||
    /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(token) // smartcity.local
  );
}

/**
 * The Latin words on a Hindi or Bengali screen that are neither identifiers nor `data` (the city's
 * own names: sensors, places, people, which are shown as the city wrote them), each with the text
 * it stands in. Text marked `translate="no"`, written in English on purpose (`lang="en"`, the
 * language switcher's "English") or written by a person (`data-persons-words`: a note, a comment)
 * is left out.
 */
export async function latinWordsOnScreen(page: Page, data: ReadonlySet<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found = new Set<string>();
    const elsewhere = '[translate="no"], [lang^="en"]:not(html), [data-persons-words]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (parent.closest(elsewhere)) continue;
      if (!parent.checkVisibility() && !parent.closest('.sr-only')) continue;
      found.add(text);
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label],[title],[placeholder],[alt]',
    )) {
      if (element.closest(elsewhere) || !element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.add(value);
      }
    }
    return [...found];
  });
  const words: string[] = [];
  for (const text of texts) {
    for (const raw of text.replace(LEDGER_PSEUDONYM, ' ').split(/[\s,;:()«»"'“”‘’!?·|—–…[\]{}]+/)) {
      const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}³]+$/gu, '');
      if (EVERY_LANGUAGE.has(token)) continue;
      const latin = token.split(/[^A-Za-z0-9.@+\-/]+/).filter((part) => /[A-Za-z]/.test(part));
      for (const word of latin) {
        const bare = word.replace(/^[.\-/]+|[.\-/]+$/g, '');
        if (!bare || EVERY_LANGUAGE.has(bare) || isIdentifier(bare) || data.has(bare)) continue;
        words.push(`${bare} «${text.slice(0, 80)}»`);
      }
    }
  }
  return words;
}

/** The words of the city's own names (sensors, places, people), which screens show as they are. */
export function wordsOf(names: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    for (const word of name.split(/[^A-Za-z0-9.]+/)) {
      // 'rains.' at a sentence's end is the word 'rains'; 'St.' keeps its dot too.
      if (word) words.add(word).add(word.replace(/^\.+|\.+$/g, ''));
    }
  }
  return words;
}
