// One-tap links that hand a client's number to the phone: `tel:` to call, `sms:` to text with a
// prepared body. iOS reads the body after `&` (`sms:+15550100?&body=…`); Android and the rest read
// the standard `?body=`.

/** The number as a dialler reads it: a leading + and the digits (spaces, dashes, brackets dropped). */
export function dialable(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

export function telHref(phone: string): string {
  return `tel:${dialable(phone)}`;
}

/** Whether the browser runs on iOS or iPadOS (an iPad says Macintosh but has touch). */
export function isApplePhone(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function smsHref(phone: string, body: string | undefined, apple: boolean): string {
  const to = dialable(phone);
  if (!body) return `sms:${to}`;
  return `sms:${to}${apple ? '?&' : '?'}body=${encodeURIComponent(body)}`;
}
