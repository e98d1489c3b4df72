// What an agent is told when their client sends are paused (shared/sending-pause-messages.ts), and the body of the
// administrator's lift.
import * as yup from 'yup';

export { SENDING_PAUSED_MESSAGES } from './sending-pause-messages';

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
