import { dialable, isApplePhone, smsHref, telHref } from './contact-links';

describe('one-tap contact links', () => {
  it('dials the digits of a number as it was typed, keeping a leading +', () => {
    expect(dialable('(555) 010-0199')).toBe('5550100199');
    expect(dialable(' +1 555-010-0199 ')).toBe('+15550100199');
    expect(telHref('+1 (555) 010-0199')).toBe('tel:+15550100199');
  });

  it('puts the draft in the text as iOS reads it (?&body=) and as others do (?body=)', () => {
    const body = 'Happy birthday, Maria! Coffee & cake soon?';
    expect(smsHref('+1 555 010 0199', body, true)).toBe(`sms:+15550100199?&body=${encodeURIComponent(body)}`);
    expect(smsHref('+1 555 010 0199', body, false)).toBe(`sms:+15550100199?body=${encodeURIComponent(body)}`);
    expect(smsHref('+1 555 010 0199', body, false)).toContain('Coffee%20%26%20cake');
    expect(smsHref('5550100199', undefined, false)).toBe('sms:5550100199');
  });

  it('knows iPhones and iPads (which say Macintosh but have touch) from the rest', () => {
    expect(isApplePhone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isApplePhone('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isApplePhone('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isApplePhone('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(false);
  });
});
