// A client's phone as E.164 for a text message, when it can be read as one: ten digits are a US or
// Canadian number, 1 + ten digits too, and a number typed with + carries its own country code.

export function phoneToE164(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && /^1[2-9]/.test(digits)) return `+${digits}`;
  return undefined;
}

// +1 is shared by the North American Numbering Plan: the area code tells the country. Canada's
// area codes, and those of the other NANP members (Caribbean nations, US territories with their
// own ISO code); every other +1 number is a US one.
// prettier-ignore
const CANADA_AREA_CODES = new Set(
  '204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 506 514 519 548 579 581 584 587 600 604 613 622 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905 942'.split(' '),
);
// prettier-ignore
const OTHER_NANP_AREA_CODES: Record<string, string> = {
  242: 'BS', 246: 'BB', 264: 'AI', 268: 'AG', 284: 'VG', 340: 'VI', 345: 'KY', 441: 'BM', 473: 'GD', 649: 'TC', 658: 'JM', 664: 'MS',
  670: 'MP', 671: 'GU', 684: 'AS', 721: 'SX', 758: 'LC', 767: 'DM', 784: 'VC', 787: 'PR', 809: 'DO', 829: 'DO', 849: 'DO', 868: 'TT',
  869: 'KN', 876: 'JM', 939: 'PR',
};
// Outside +1, the country of the longest matching calling code (enough to tell an allowed country
// from the rest; a code shared by several countries names its largest).
// prettier-ignore
const CALLING_CODES: Record<string, string> = {
  7: 'RU', 20: 'EG', 27: 'ZA', 30: 'GR', 31: 'NL', 32: 'BE', 33: 'FR', 34: 'ES', 36: 'HU', 39: 'IT', 40: 'RO', 41: 'CH', 43: 'AT', 44: 'GB', 45: 'DK',
  46: 'SE', 47: 'NO', 48: 'PL', 49: 'DE', 51: 'PE', 52: 'MX', 53: 'CU', 54: 'AR', 55: 'BR', 56: 'CL', 57: 'CO', 58: 'VE', 60: 'MY', 61: 'AU', 62: 'ID',
  63: 'PH', 64: 'NZ', 65: 'SG', 66: 'TH', 81: 'JP', 82: 'KR', 84: 'VN', 86: 'CN', 90: 'TR', 91: 'IN', 92: 'PK', 93: 'AF', 94: 'LK', 95: 'MM', 98: 'IR',
  212: 'MA', 213: 'DZ', 216: 'TN', 218: 'LY', 234: 'NG', 254: 'KE', 351: 'PT', 352: 'LU', 353: 'IE', 354: 'IS', 356: 'MT', 357: 'CY', 358: 'FI',
  359: 'BG', 370: 'LT', 371: 'LV', 372: 'EE', 380: 'UA', 385: 'HR', 386: 'SI', 420: 'CZ', 421: 'SK', 852: 'HK', 886: 'TW', 971: 'AE', 972: 'IL',
  966: 'SA', 974: 'QA',
};

/** The ISO 3166 country of an E.164 number, when known. */
export function phoneCountry(e164: string): string | undefined {
  const digits = e164.replace(/^\+/, '');
  if (digits.startsWith('1')) {
    const area = digits.slice(1, 4);
    if (digits.length !== 11) return undefined;
    return CANADA_AREA_CODES.has(area) ? 'CA' : (OTHER_NANP_AREA_CODES[area] ?? 'US');
  }
  for (const length of [3, 2, 1]) {
    const country = CALLING_CODES[digits.slice(0, length)];
    if (country) return country;
  }
  return undefined;
}

export type TextDestination =
  { ok: true; to: string } | { ok: false; reason: 'unreadable' | 'country'; country?: string };

/** Where a text to `phone` would go: E.164 on the allow-list of countries, or why not. */
export function textDestination(
  phone: string | null | undefined,
  allowedCountries: readonly string[],
): TextDestination {
  const to = phoneToE164(phone);
  if (!to) return { ok: false, reason: 'unreadable' };
  const country = phoneCountry(to);
  if (!country || !allowedCountries.includes(country))
    return { ok: false, reason: 'country', ...(country ? { country } : {}) };
  return { ok: true, to };
}

/** "text messages go only to numbers in US and CA" (a sentence: smsCountriesMessage). */
export function smsCountriesPhrase(allowedCountries: readonly string[]): string {
  const list =
    allowedCountries.length > 1
      ? `${allowedCountries.slice(0, -1).join(', ')} and ${allowedCountries.at(-1)}`
      : (allowedCountries[0] ?? 'no country');
  return `text messages go only to numbers in ${list}`;
}

export const smsCountriesMessage = (allowedCountries: readonly string[]): string => {
  const phrase = smsCountriesPhrase(allowedCountries);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
};
