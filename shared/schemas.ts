// yup schemas shared by the API (request validation) and the web forms (Formik), with the product's
// messages word for word.
import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH } from './constants';

export const MESSAGES = {
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneFormat: 'Invalid phone number format',
  phoneDigits: 'Phone number must have at least 10 digits',
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidResetToken: 'Invalid reset token format',
  invalidVerificationLink:
    'This verification link is invalid or has expired. Sign in and choose "Resend link" to get a new one.',
  googlePlaceIdRequired: 'Google Place ID is required',
  businessNameRequired: 'Business name is required',
  businessLocationRequired: 'Business location is required',
} as const;

/** A reset token: two or three dot-separated URL-safe segments (a compact JWS has three). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){1,2}$/;

export function isWellFormedResetToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length <= 2048 && RESET_TOKEN_PATTERN.test(token);
}

/** An id as the product makes them (URL-safe base64 from randomId), at most 64 characters: ids
 * from URLs, bodies and queue messages are checked with it before they reach a key. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Trimmed strings; `null`/'' become undefined for optional fields. */
const text = (max: number) => yup.string().strict(false).trim().max(max, `Must be at most ${max} characters`);

export const emailSchema = text(254).email(MESSAGES.invalidEmail).lowercase();

export const phoneSchema = text(32)
  .min(10, MESSAGES.phoneTooShort)
  .matches(/^[0-9+\-() ]+$/, { message: MESSAGES.phoneFormat, excludeEmptyString: true })
  .test('phone-digits', MESSAGES.phoneDigits, (value) => !value || digitsOnly(value).length >= 10);

/** A Google Place ID as Google issues them (registration and the business profile). */
const googlePlaceIdSchema = text(300).matches(/^[A-Za-z0-9_-]+$/, {
  message: 'A Google Place ID has only letters, digits, - and _ (like ChIJN1t_tDeuEmsRUsoyG83frY4)',
  excludeEmptyString: true,
});

export const registerSchema = yup
  .object({
    username: emailSchema.required('Email is required'),
    password: yup
      .string()
      .required('Password is required')
      .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
      .max(200, 'Password is too long'),
    fullName: text(120).required('Full name is required'),
    phone: phoneSchema.required('Phone number is required'),
    googlePlaceId: googlePlaceIdSchema.optional(),
    businessName: text(200).optional(),
    businessLocation: text(300).optional(),
    timeZone: text(64).optional(),
  })
  .noUnknown(false);

export const loginSchema = yup.object({
  username: text(254).required('Username is required'),
  password: yup.string().required('Password is required').max(200, 'Password is too long'),
});

export const resetRequestSchema = yup.object({
  username: emailSchema.required(MESSAGES.invalidEmail),
});

export const resetConfirmSchema = yup.object({
  token: yup
    .string()
    .required(MESSAGES.invalidResetToken)
    .test('reset-token', MESSAGES.invalidResetToken, (value) => isWellFormedResetToken(value)),
  newPassword: yup
    .string()
    .required(MESSAGES.passwordTooShort)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(200, 'Password is too long'),
});

/** POST /api/verify-email: the token from the link (a compact JWS). */
export const verifyEmailSchema = yup.object({
  token: yup
    .string()
    .required(MESSAGES.invalidVerificationLink)
    .test('verification-token', MESSAGES.invalidVerificationLink, (value) => isWellFormedResetToken(value)),
});

/** PATCH /api/user/business and the business profile form. */
export const businessProfileSchema = yup.object({
  googlePlaceId: googlePlaceIdSchema.required(MESSAGES.googlePlaceIdRequired),
  businessName: text(200).required(MESSAGES.businessNameRequired),
  businessLocation: text(300).required(MESSAGES.businessLocationRequired),
});

export type RegisterInput = yup.InferType<typeof registerSchema>;
export type LoginInput = yup.InferType<typeof loginSchema>;
export type ResetRequestInput = yup.InferType<typeof resetRequestSchema>;
export type ResetConfirmInput = yup.InferType<typeof resetConfirmSchema>;
export type VerifyEmailInput = yup.InferType<typeof verifyEmailSchema>;
export type BusinessProfileInput = yup.InferType<typeof businessProfileSchema>;
