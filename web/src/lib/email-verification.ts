// What the sending actions (invitations, review requests) say when the server refuses because the
// agent's e-mail is not verified yet: its sentence, and where to get a new link.
import { ApiError, errorMessage } from './api-client';

export const EMAIL_UNVERIFIED = 'EMAIL_UNVERIFIED';
export const RESEND_HINT = 'Use "Resend link" at the top of the page if you need a new verification e-mail.';

export const isEmailUnverified = (error: unknown): boolean =>
  error instanceof ApiError && error.code === EMAIL_UNVERIFIED;

/** The message for a failed send: the server's own, with the resend path when the e-mail is unverified. */
export function sendErrorMessage(error: unknown): string {
  return isEmailUnverified(error) ? `${errorMessage(error)} ${RESEND_HINT}` : errorMessage(error);
}
