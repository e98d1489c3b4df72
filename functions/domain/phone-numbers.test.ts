import { phoneCountry, phoneToE164, smsCountriesMessage, textDestination } from './phone-numbers';

describe('a client phone as E.164', () => {
  it.each([
    ['(512) 555-0101', '+15125550101'],
    ['512-555-0101', '+15125550101'],
    ['1 512 555 0101', '+15125550101'],
    ['+1 (512) 555-0101', '+15125550101'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %s as %s', (phone, e164) => {
    expect(phoneToE164(phone)).toBe(e164);
  });

  it.each(['', '555-0101', '(012) 555-0101', '+0 123 456 7890', '12345678901234567', null])(
    'cannot read %p',
    (phone) => {
      expect(phoneToE164(phone)).toBeUndefined();
    },
  );
});

describe('the country of a number', () => {
  it.each([
    ['+15125550101', 'US'],
    ['+14165550101', 'CA'],
    ['+16045550101', 'CA'],
    ['+18765550101', 'JM'],
    ['+18095550101', 'DO'],
    ['+17875550101', 'PR'],
    ['+442079460958', 'GB'],
    ['+33142685300', 'FR'],
    ['+353212345678', 'IE'],
    ['+1512555010', undefined],
    ['+8821234567', undefined],
  ])('reads %s as %p', (e164, country) => {
    expect(phoneCountry(e164)).toBe(country);
  });
});

describe('where a text may go', () => {
  it('goes to numbers of the allowed countries only, and says why not', () => {
    expect(textDestination('(416) 555-0101', ['US', 'CA'])).toEqual({ ok: true, to: '+14165550101' });
    expect(textDestination('(416) 555-0101', ['US'])).toEqual({ ok: false, reason: 'country', country: 'CA' });
    expect(textDestination('+44 20 7946 0958', ['US', 'CA'])).toEqual({ ok: false, reason: 'country', country: 'GB' });
    expect(textDestination('+44 20 7946 0958', ['GB'])).toEqual({ ok: true, to: '+442079460958' });
    expect(textDestination('555-0101', ['US'])).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('names the allowed countries', () => {
    expect(smsCountriesMessage(['US', 'CA'])).toBe('Text messages go only to numbers in US and CA.');
    expect(smsCountriesMessage(['US', 'CA', 'GB'])).toBe('Text messages go only to numbers in US, CA and GB.');
    expect(smsCountriesMessage(['US'])).toBe('Text messages go only to numbers in US.');
  });
});
