// The in-process queues stand in for SQS on this machine: under the twin, the send the deployed function would make
// to its queue (the URL the template gives it) is checked against its role first.
import { authorizeStandIn } from '../lib/function-environment';

export function authorizeQueueStandIn(
  command: 'SendMessageCommand' | 'SendMessageBatchCommand',
  queueUrlVariable: 'REMINDERS_QUEUE_URL' | 'IMPORTS_QUEUE_URL',
): void {
  authorizeStandIn(
    (deployed) => deployed.QUEUE_PROVIDER === 'sqs',
    (deployed) => ({ client: 'SQSClient', command, input: { QueueUrl: deployed[queueUrlVariable] } }),
  );
}
