// Two-way texts on this machine: no number publishes to a topic here, so a test (or a person trying the product) hands
// the number's message here, and it is published to the topic jobs/sms-inbound is subscribed to in the template: the
// job runs on SNS's Lambda event only when such a subscription exists and its filter policy lets the message through,
// with that job's own function (environment and role) under the twin.
import { handler, type SmsInboundResult, type TwoWayText } from '../jobs/sms-inbound';
import { jobFunction, runAsJob } from './job-scopes';
import { filterPolicyAccepts, notDelivered, snsEvent, type NotDelivered } from './twin/deliveries';
import { LOCAL_ACCOUNT } from './twin/stack-model';

/** The topic without the twin (no template): one subscription, no filter policy. */
const localTopic = () => ({
  id: 'local',
  topicArn: `arn:aws:sns:${process.env.AWS_REGION ?? 'us-east-1'}:${LOCAL_ACCOUNT}:inbound-texts`,
  filterPolicy: undefined,
  filterPolicyScope: 'MessageAttributes' as const,
});

/** Publishes the number's message (the JSON it sends for a text it received) to the job's topic. */
export async function deliverTwoWayText(text: TwoWayText, at = new Date()): Promise<SmsInboundResult | NotDelivered> {
  const message = JSON.stringify(text);
  const fn = jobFunction('sms-inbound');
  const topics = fn ? fn.triggers.topics : [localTopic()];
  if (topics.length === 0) return notDelivered('jobs/sms-inbound is subscribed to no SNS topic in the template');
  const accepting = topics.filter((topic) => filterPolicyAccepts(topic, message));
  if (accepting.length === 0)
    return notDelivered("The filter policy of jobs/sms-inbound's subscription does not let the message through");
  let result: SmsInboundResult | undefined;
  for (const topic of accepting)
    result = await runAsJob('sms-inbound', () => handler(snsEvent(topic, message, { at })));
  return result!;
}
