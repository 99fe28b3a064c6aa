/** Browsers by a mark of their User-Agent, the more specific first (Edge's also says Chrome and Safari). */
const BROWSERS: ReadonlyArray<readonly [mark: RegExp, name: string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/**
 * The name a new passkey gets when its owner gives none: the browser it was made in ("Passkey on
 * Chrome"), which is where its owner will look for it; they can rename it.
 */
export function defaultPasskeyName(userAgent: string | undefined) {
  const browser = userAgent && BROWSERS.find(([mark]) => mark.test(userAgent))?.[1];
  return browser ? `Passkey on ${browser}` : 'Passkey';
}
