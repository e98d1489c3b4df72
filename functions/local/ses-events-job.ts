// SES's events on this machine: the outbox never bounces, so a test hands here what SES publishes for a message (its
// event record: eventType, mail, bounce or complaint…), and it reaches jobs/ses-events as in AWS: put on the default
// bus in EventBridge's envelope, and delivered only by the template's rules whose event pattern matches it, to that
// job's own function (environment and role) under the twin.
import { handler, type SesEvent, type SesEventResult } from '../jobs/ses-events';
import { jobFunction, runAsJob } from './job-scopes';
import { eventBridgeEvent, matchingRules, notDelivered, type NotDelivered } from './twin/deliveries';
import { LOCAL_ACCOUNT } from './twin/stack-model';

/** The detail-type SES gives each eventType of its records on EventBridge (DESIGN §15). */
export const SES_DETAIL_TYPES: Readonly<Record<string, string>> = {
  Send: 'Email Sent',
  Delivery: 'Email Delivered',
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Reject: 'Email Rejected',
  DeliveryDelay: 'Email Delivery Delayed',
  Open: 'Email Opened',
  Click: 'Email Clicked',
  'Rendering Failure': 'Email Rendering Failed',
  Subscription: 'Email Subscribed',
};

/** What SES publishes for one event of a message sent through a configuration set. */
export type SesEventRecord = NonNullable<SesEvent['detail']>;

/** The record as EventBridge delivers it: SES's envelope around it, naming the configuration set it came through. */
export function sesEventOnEventBridge(record: SesEventRecord, at = new Date()) {
  const detailType = SES_DETAIL_TYPES[record.eventType ?? ''];
  if (!detailType) throw new Error(`SES publishes no event of type "${String(record.eventType)}"`);
  const configurationSet = record.mail?.tags?.['ses:configuration-set']?.[0];
  const region = process.env.AWS_REGION ?? 'us-east-1';
  return eventBridgeEvent('aws.ses', detailType, record, {
    at,
    resources: configurationSet ? [`arn:aws:ses:${region}:${LOCAL_ACCOUNT}:configuration-set/${configurationSet}`] : [],
  });
}

export async function deliverSesEvent(record: SesEventRecord, at = new Date()): Promise<SesEventResult | NotDelivered> {
  const event = sesEventOnEventBridge(record, at);
  const fn = jobFunction('ses-events');
  // Without the twin there is no template: the job is invoked once, as by the one rule.
  const rules = fn ? matchingRules(fn.triggers, event) : [undefined];
  if (rules.length === 0)
    return notDelivered(`No rule of the template sends aws.ses "${event['detail-type']}" events to jobs/ses-events`);
  let result: SesEventResult | undefined;
  // Each matching rule invokes its target once.
  for (const _rule of rules) result = await runAsJob('ses-events', () => handler(event));
  return result!;
}
