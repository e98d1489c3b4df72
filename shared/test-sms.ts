// The admin test SMS: its phone rule and messages, shared by the API and the admin form.
import * as yup from 'yup';

export const TEST_SMS_MESSAGES = {
  phoneRequired: 'Please enter a phone number',
  invalidTitle: 'Invalid Phone Number',
  invalidPhone: 'Please enter a valid phone number (e.g., +1234567890 or 1234567890)',
  sent: 'Test SMS sent successfully',
  failed: 'Failed to send test SMS',
} as const;

/** An optional plus, an optional 1, then 10 to 12 digits. */
export const TEST_SMS_PHONE_PATTERN = /^\+?1?\d{10,12}$/;

/** What the input keeps of typed text: digits and plus only. */
export const keepPhoneInput = (value: string): string => value.replace(/[^\d+]/g, '');

/** SPEC's pattern, and a number E.164 can carry (no country code starts with 0). */
export function isValidTestSmsPhone(value: string | undefined | null): value is string {
  return (
    typeof value === 'string' && TEST_SMS_PHONE_PATTERN.test(value.trim()) && /^\+[1-9]\d{9,14}$/.test(toE164(value))
  );
}

/**
 * E.164 for a valid number: as typed when it starts with +, else ten digits are a US/Canada
 * number (+1 added) and longer ones already carry their country code.
 */
export function toE164(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

export const testSmsSchema = yup.object({
  phone: yup
    .string()
    .trim()
    .required(TEST_SMS_MESSAGES.phoneRequired)
    .test('test-sms-phone', TEST_SMS_MESSAGES.invalidPhone, (value) => !value || isValidTestSmsPhone(value)),
});

export type TestSmsInput = yup.InferType<typeof testSmsSchema>;
