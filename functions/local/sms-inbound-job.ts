// Two-way texts on this machine: no number publishes to a topic here, so a test (or a person trying the product) hands
// the number's message here, and jobs/sms-inbound runs on it as the topic's subscription delivers it, with that
// job's own function (environment and role) under the twin.
import { handler, type SmsInboundResult, type TwoWayText } from '../jobs/sms-inbound';
import { runAsJob } from './job-scopes';

/** Delivers the number's message as SNS does: one record whose Message is the JSON the number published. */
export function deliverTwoWayText(text: TwoWayText, at = new Date()): Promise<SmsInboundResult> {
  const event = {
    Records: [
      {
        Sns: {
          Type: 'Notification',
          MessageId: `local-${at.getTime()}`,
          Message: JSON.stringify(text),
          Timestamp: at.toISOString(),
        },
      },
    ],
  };
  return runAsJob('sms-inbound', () => handler(event));
}
