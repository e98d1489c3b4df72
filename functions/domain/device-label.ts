// A push device's name in plain words ("Chrome on Android", "Safari on iPhone"), read from the User-Agent header once,
// when the device subscribes: the label is kept, never the header, and it is always one of our own words.

/** Browsers, the more specific first: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari. */
const BROWSERS: ReadonlyArray<readonly [name: string, tokens: readonly string[]]> = [
  ['Edge', ['Edg/', 'EdgA/', 'EdgiOS/']],
  ['Opera', ['OPR/', 'OPT/', 'OPiOS/']],
  ['Samsung Internet', ['SamsungBrowser/']],
  ['Firefox', ['Firefox/', 'FxiOS/']],
  ['Chrome', ['Chrome/', 'CriOS/', 'Chromium/']],
  ['Safari', ['Safari/', 'Version/']],
];

/** Systems, the more specific first: Android says Linux, iPhones and iPads say "like Mac OS X". */
const SYSTEMS: ReadonlyArray<readonly [name: string, tokens: readonly string[]]> = [
  ['iPhone', ['iPhone', 'iPod']],
  ['iPad', ['iPad']],
  ['Android', ['Android']],
  ['Chromebook', ['CrOS']],
  ['Windows', ['Windows']],
  ['Mac', ['Macintosh', 'Mac OS X']],
  ['Linux', ['Linux', 'X11']],
];

/** Longer headers are not a browser's; what is read of one stops here. */
const READ_AT_MOST = 1024;

const firstNamed = (userAgent: string, table: typeof BROWSERS) =>
  table.find(([, tokens]) => tokens.some((token) => userAgent.includes(token)))?.[0];

export function deviceLabel(userAgent: string | undefined): string {
  const header = (userAgent ?? '').slice(0, READ_AT_MOST);
  const system = firstNamed(header, SYSTEMS);
  // Safari on an iPhone's Home Screen app (where iOS allows web push) names no browser: it is Safari's engine.
  const browser = firstNamed(header, BROWSERS) ?? (system === 'iPhone' || system === 'iPad' ? 'Safari' : undefined);
  if (browser && system) return `${browser} on ${system}`;
  if (system) return `A browser on ${system}`;
  return browser ?? 'Unknown device';
}
