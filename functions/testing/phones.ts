// A made-up phone number for a test's agent or client that can always receive text messages: a
// US area code (one drawn from the digits could be a Caribbean one: 242 is the Bahamas, and texts
// go only to the US and Canada) and an exchange that never starts with 0 or 1.

const US_AREA_CODES = ['206', '212', '305', '312', '415', '512', '617', '702', '720', '919'] as const;

/** "(AAA) EEE-NNNN" from the last ten of `digits` (at least ten decimal digits). */
export function textablePhone(digits: string): string {
  if (!/^\d{10,}$/.test(digits)) throw new Error(`textablePhone needs at least ten digits, got "${digits}"`);
  const d = digits.slice(-10);
  const area = US_AREA_CODES[Number(d.slice(0, 3)) % US_AREA_CODES.length];
  const exchange = `${2 + (Number(d[3]) % 8)}${d.slice(4, 6)}`;
  return `(${area}) ${exchange}-${d.slice(6)}`;
}
