// The next best touch's request bodies and query, validated by the routes (functions/handlers/today/): a file of its
// own, so the web app's Today reads shared/next-best.ts without yup.
import * as yup from 'yup';
import { DISMISS_REASONS, NEXT_BEST_LIMIT, NEXT_BEST_SNOOZE_DAYS } from './next-best';

const SNOOZE_MESSAGE = `days must be a whole number from ${NEXT_BEST_SNOOZE_DAYS.min} to ${NEXT_BEST_SNOOZE_DAYS.max}`;
const DISMISS_MESSAGE = `reason must be one of ${DISMISS_REASONS.join(', ')}`;
export const NEXT_BEST_MESSAGES = {
  limit: `limit must be a whole number from ${NEXT_BEST_LIMIT.min} to ${NEXT_BEST_LIMIT.max}`,
  snooze: SNOOZE_MESSAGE,
  dismiss: DISMISS_MESSAGE,
} as const;

export const snoozeSchema = yup.object({
  days: yup
    .number()
    .strict()
    .required(SNOOZE_MESSAGE)
    .typeError(SNOOZE_MESSAGE)
    .integer(SNOOZE_MESSAGE)
    .min(NEXT_BEST_SNOOZE_DAYS.min, SNOOZE_MESSAGE)
    .max(NEXT_BEST_SNOOZE_DAYS.max, SNOOZE_MESSAGE),
});

export const dismissSchema = yup.object({
  reason: yup
    .string()
    .strict()
    .required(DISMISS_MESSAGE)
    .typeError(DISMISS_MESSAGE)
    .oneOf(DISMISS_REASONS, DISMISS_MESSAGE),
});
