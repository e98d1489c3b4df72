// Priority support: what an agent sends from the Help page (POST /api/support) and what an
// administrator does with it (POST /api/admin/support/{id}). The API validates with these schemas and
// the web forms check with them too, so both say the same words.
import * as yup from 'yup';

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_REPLY_MAX = 5000;
/**
 * Replies one request may hold: a request is one item, and DynamoDB keeps an item under 400 KB
 * (20 replies of 5,000 characters fit even when every character takes 3 bytes).
 */
export const SUPPORT_REPLIES_MAX = 20;
/** The agent's most recent requests the Help page shows. */
export const SUPPORT_HISTORY_LIMIT = 50;
/** Requests one page of the administrators' list holds. */
export const SUPPORT_QUEUE_LIMIT = 100;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Enter a subject',
  subjectTooLong: `A subject is at most ${SUPPORT_SUBJECT_MAX} characters`,
  messageRequired: 'Tell us how we can help',
  messageTooLong: `A message is at most ${SUPPORT_MESSAGE_MAX} characters`,
  replyRequired: 'Write a reply first',
  replyTooLong: `A reply is at most ${SUPPORT_REPLY_MAX} characters`,
  nothingToDo: 'Send a reply, close the request, or both',
  close: 'close must be true or false',
  status: `status must be ${SUPPORT_STATUSES.join(' or ')}`,
} as const;

const trimmed = () => yup.string().strict(false).trim();

/** POST /api/support and the Help page's form. */
export const supportRequestSchema = yup.object({
  subject: trimmed()
    .required(SUPPORT_MESSAGES.subjectRequired)
    .max(SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectTooLong),
  message: trimmed()
    .required(SUPPORT_MESSAGES.messageRequired)
    .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageTooLong),
});
export type SupportRequestInput = yup.InferType<typeof supportRequestSchema>;

/** POST /api/admin/support/{id}: a reply (kept on the request and e-mailed to the agent), closing it, or both. */
export const supportActionSchema = yup
  .object({
    reply: trimmed().min(1, SUPPORT_MESSAGES.replyRequired).max(SUPPORT_REPLY_MAX, SUPPORT_MESSAGES.replyTooLong),
    close: yup.boolean().strict().typeError(SUPPORT_MESSAGES.close),
  })
  .test('something-to-do', SUPPORT_MESSAGES.nothingToDo, function somethingToDo(value) {
    return (
      value?.reply !== undefined ||
      value?.close === true ||
      this.createError({ path: 'reply', message: SUPPORT_MESSAGES.nothingToDo })
    );
  });
export type SupportActionInput = yup.InferType<typeof supportActionSchema>;

/** GET /api/admin/support?status=closed lists the recently closed requests instead of the open ones. */
export const supportQueueQuery = yup.object({
  status: yup.string<(typeof SUPPORT_STATUSES)[number]>().oneOf(SUPPORT_STATUSES, SUPPORT_MESSAGES.status),
});
