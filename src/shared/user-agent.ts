/**
 * A readable device from a user agent, in the words Korean services use: "Chrome · Android",
 * "Safari · iPhone", "Edge · Windows". Deliberately simple (decision 0103): the first browser and
 * system that match, in an order where the more specific tokens come first; anything else is unknown.
 */
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, '삼성 인터넷'],
  [/NAVER\(inapp|NAVER\//, '네이버 앱'],
  [/KAKAOTALK/i, '카카오톡'],
  [/Whale\//, '웨일'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

/** "브라우저 · 운영체제", one of the two alone when only it is known, or null when neither is. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parts = [first(BROWSERS, userAgent), first(SYSTEMS, userAgent)].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
