// Closing an account (DELETE /api/user): the request names the password again, and the same words
// are said by the API and by the Settings dialog. A missing password is answered like a wrong one
// (403), so the body schema only bounds it.
import * as yup from 'yup';

export const CLOSE_ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password to close your account',
  passwordTooLong: 'Password is too long',
  wrongPassword: 'That password is not right. Your account is still open.',
  closed:
    'Your account is closed. We are erasing your clients, their history and your files now, and have sent you an e-mail to confirm it.',
  warning:
    'Closing your account erases every client, key date, message, review request, video and import, and cancels your Pro subscription. This cannot be undone.',
} as const;

export const closeAccountSchema = yup.object({
  password: yup.string().max(200, CLOSE_ACCOUNT_MESSAGES.passwordTooLong),
});

/** The Settings dialog requires the password before it asks. */
export const closeAccountFormSchema = yup.object({
  password: yup
    .string()
    .required(CLOSE_ACCOUNT_MESSAGES.passwordRequired)
    .max(200, CLOSE_ACCOUNT_MESSAGES.passwordTooLong),
});
