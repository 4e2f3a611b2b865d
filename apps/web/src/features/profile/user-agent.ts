/** The browser and operating system a session's user agent names; null for the parts it does not. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  system: string | null;
} {
  const ua = userAgent ?? '';
  return { browser: browserOf(ua), system: systemOf(ua) };
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function browserOf(ua: string): string | null {
  return BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
}

function systemOf(ua: string): string | null {
  return SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
}
