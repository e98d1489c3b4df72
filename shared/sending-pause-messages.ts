// What an agent is told when their client sends are paused: the API's 403 SENDING_PAUSED and the web app's banner say
// the same. A file of its own, without the lift's schema (shared/sending-pause.ts), so the banner the signed-in shell
// draws on every page does not bring yup into the shell's code.
import type { SendingPaused } from './api-types';

export const SENDING_PAUSED_MESSAGES: Record<SendingPaused['reason'], string> = {
  bounces:
    'Sending to clients is paused: more than 5% of your recent e-mails bounced. Check your clients’ addresses, then ask us to lift the pause from the Help page.',
  complaints:
    'Sending to clients is paused: more than 0.1% of your recent e-mails were marked as spam. Ask us to review it from the Help page.',
};
