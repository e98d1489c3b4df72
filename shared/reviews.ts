// The Business Profile review inbox (GET /api/reviews, the match, the reply, the callback): what an agent may send,
// shared by the API's validation and the web forms.
import * as yup from 'yup';

export const REVIEW_FILTERS = ['all', 'unreplied', 'unmatched'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
/** The most characters of a reply Google takes. */
export const REVIEW_REPLY_MAX = 4096;

export const REVIEW_MESSAGES = {
  filter: `filter must be one of ${REVIEW_FILTERS.join(', ')}`,
  replyRequired: 'Write a reply first',
  replyTooLong: `A reply may be at most ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`,
  clientRequired: 'Choose the client who wrote the review',
  locationRequired: 'Choose one of your locations',
} as const;

export const reviewInboxQuerySchema = yup.object({
  filter: yup.string().oneOf(REVIEW_FILTERS, REVIEW_MESSAGES.filter).default('all'),
  cursor: yup.string().max(2048, 'The cursor is not valid for this list. Start again without a cursor.'),
});

export const reviewReplySchema = yup.object({
  comment: yup
    .string()
    .trim()
    .required(REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});

export const reviewMatchSchema = yup.object({
  clientId: yup.string().trim().required(REVIEW_MESSAGES.clientRequired).max(64, REVIEW_MESSAGES.clientRequired),
});

export const reviewReplyDraftSchema = yup.object({
  variant: yup.number().integer('variant must be a whole number').min(0).max(999).default(0),
});

export const googleCallbackQuerySchema = yup.object({
  code: yup.string().max(2048),
  state: yup.string().max(256),
  error: yup.string().max(256),
  scope: yup.string().max(2048),
});
