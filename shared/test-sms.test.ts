import { isValidTestSmsPhone, keepPhoneInput, TEST_SMS_MESSAGES, testSmsSchema, toE164 } from './test-sms';

describe('the test SMS phone rule (optional +, optional 1, 10 to 12 digits)', () => {
  it.each([
    ['1234567890', '+11234567890'],
    ['+1234567890', '+1234567890'],
    ['5125550100', '+15125550100'],
    ['15125550100', '+15125550100'],
    ['+15125550100', '+15125550100'],
    ['+447911123456', '+447911123456'],
    ['447911123456', '+447911123456'],
    ['1447911123456', '+1447911123456'],
    [' 5125550100 ', '+15125550100'],
  ])('accepts %j and sends to %s', (input, e164) => {
    expect(isValidTestSmsPhone(input)).toBe(true);
    expect(toE164(input)).toBe(e164);
  });

  it.each([
    '',
    '123456789',
    '+123456789',
    '12345678901234',
    '512-555-0100',
    '(512) 555-0100',
    '+1 512 555 0100',
    'abc5125550100',
    '++15125550100',
    '+0123456789',
    '51255501o0',
  ])('refuses %j', (input) => {
    expect(isValidTestSmsPhone(input)).toBe(false);
  });

  it('answers SPEC messages word for word', async () => {
    await expect(testSmsSchema.validate({ phone: '' })).rejects.toThrow('Please enter a phone number');
    await expect(testSmsSchema.validate({})).rejects.toThrow(TEST_SMS_MESSAGES.phoneRequired);
    await expect(testSmsSchema.validate({ phone: '12345' })).rejects.toThrow(
      'Please enter a valid phone number (e.g., +1234567890 or 1234567890)',
    );
    expect(TEST_SMS_MESSAGES.invalidTitle).toBe('Invalid Phone Number');
  });

  it('keeps only digits and + as the admin types', () => {
    expect(keepPhoneInput('+1 (512) 555-0100 ext')).toBe('+15125550100');
  });
});
