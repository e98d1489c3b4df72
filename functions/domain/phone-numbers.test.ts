import { phoneToE164 } from './phone-numbers';

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

  it.each(['', '555-0101', '(012) 555-0101', '+0 123 456 7890', '12345678901234567', null])('cannot read %p', (phone) => {
    expect(phoneToE164(phone)).toBeUndefined();
  });
});
