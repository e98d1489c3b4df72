// What an agent is told when their client sends are paused (the API's 403 SENDING_PAUSED and the web app's banner
// say the same), and the body of the administrator's lift.
import * as yup from 'yup';
import type { SendingPaused } from './api-types';

export const SENDING_PAUSED_MESSAGES: Record<SendingPaused['reason'], string> = {
  bounces:
    'Sending to clients is paused: more than 5% of your recent e-mails bounced. Check your clients’ addresses, then ask us to lift the pause from the Help page.',
  complaints:
    'Sending to clients is paused: more than 0.1% of your recent e-mails were marked as spam. Ask us to review it from the Help page.',
};

/** POST /api/admin/agents/{id}/sending: only lifting a pause (pausing is the bounce and complaint review's). */
export const sendingPauseSchema = yup
  .object({
    paused: yup
      .boolean()
      .strict()
      .typeError('paused must be true or false')
      .required('paused is required')
      .oneOf([false], 'paused can only be false: an administrator lifts a pause, the sending review sets it'),
  })
  .noUnknown(true, ({ unknown }) => `Unknown field: ${String(unknown)}`);
export type SendingPauseInput = yup.InferType<typeof sendingPauseSchema>;
