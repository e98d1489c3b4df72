import { DEFAULT_SMS_ALLOWED_COUNTRIES } from '../config';
import { textDestination } from '../domain/phone-numbers';
import { textablePhone } from './phones';

describe('textablePhone', () => {
  it('gives a number that can receive texts whatever the digits', () => {
    const refused: string[] = [];
    for (let head = 0; head < 10_000; head += 1) {
      const phone = textablePhone(`${String(head).padStart(4, '0')}555123`);
      if (!textDestination(phone, DEFAULT_SMS_ALLOWED_COUNTRIES).ok) refused.push(phone);
    }
    expect(refused).toEqual([]);
  });

  it('formats the last ten digits, keeping their last four', () => {
    expect(textablePhone('9990001234')).toBe('(919) 200-1234');
    expect(textablePhone('17000000000123456')).toBe('(206) 212-3456');
  });

  it('refuses what is not ten digits', () => {
    expect(() => textablePhone('12345')).toThrow('at least ten digits');
  });
});
