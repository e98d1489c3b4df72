// What invokes each function of the template: the EventBridge rules that target it (their event patterns), the
// EventBridge Scheduler schedules (expression, input), the SQS event source mappings (batch size, partial batch
// failures), the SNS subscriptions (filter policy) and the SES receipt rules (recipients, the S3 action before it).
// The local deliverers invoke a job only through these (functions/local/job-scopes.ts).
import type { CfnResource } from '../../lib/flatten-templates';
import type { EventPattern } from './event-pattern';

export type TwinTriggers = {
  rules: { id: string; arn: string; eventPattern: EventPattern }[];
  schedules: { id: string; arn: string; expression: string; timezone: string; input: string | undefined }[];
  queues: { id: string; queueArn: string; batchSize: number; reportBatchItemFailures: boolean }[];
  topics: {
    id: string;
    topicArn: string;
    filterPolicy: EventPattern | undefined;
    filterPolicyScope: 'MessageAttributes' | 'MessageBody';
  }[];
  receiptRules: {
    id: string;
    /** Addresses and domains the rule takes mail for; empty: every recipient of the account's verified domains. */
    recipients: string[];
    scanEnabled: boolean;
    /** The rule's S3 action, when it stores the mail before invoking the function. */
    store: { bucket: string; prefix: string } | undefined;
    invocationType: string;
  }[];
};

type Resolve = (value: unknown, where: string) => unknown;

export const noTriggers = (): TwinTriggers => ({ rules: [], schedules: [], queues: [], topics: [], receiptRules: [] });

/** The triggers of every function that has one, by the function's logical id. */
export function triggersOf(resources: Record<string, CfnResource>, resolve: Resolve): Map<string, TwinTriggers> {
  const byFunction = new Map<string, TwinTriggers>();
  const of = (functionRef: unknown, where: string) => {
    // A Ref is the function's name (its logical id here); a GetAtt its ARN.
    const value = String(resolve(functionRef, where));
    const id = /:function:([^:]+)/.exec(value)?.[1] ?? value;
    if (!byFunction.has(id)) byFunction.set(id, noTriggers());
    return byFunction.get(id)!;
  };
  const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as EventPattern) : value);
  for (const [id, resource] of Object.entries(resources)) {
    const p = resource.Properties ?? {};
    switch (resource.Type) {
      case 'AWS::Events::Rule': {
        if (p.State === 'DISABLED' || !p.EventPattern) break;
        const arn = String(resolve({ 'Fn::GetAtt': [id, 'Arn'] }, id));
        for (const target of (p.Targets ?? []) as Record<string, unknown>[]) {
          // The function then gets something other than the event: not played by the twin.
          if (target.Input || target.InputPath || target.InputTransformer)
            throw new Error(`${id}: the twin delivers whole events only (the target transforms its input)`);
          of(target.Arn, id).rules.push({ id, arn, eventPattern: json(resolve(p.EventPattern, id)) as EventPattern });
        }
        break;
      }
      case 'AWS::Scheduler::Schedule':
        if (p.State === 'DISABLED') break;
        of(p.Target?.Arn, id).schedules.push({
          id,
          arn: String(resolve({ 'Fn::GetAtt': [id, 'Arn'] }, id)),
          expression: String(resolve(p.ScheduleExpression, id)),
          timezone: String(p.ScheduleExpressionTimezone ?? 'UTC'),
          input: p.Target?.Input === undefined ? undefined : String(resolve(p.Target.Input, id)),
        });
        break;
      case 'AWS::Lambda::EventSourceMapping': {
        const queueArn = String(resolve(p.EventSourceArn, id));
        if (p.Enabled === false || !queueArn.startsWith('arn:aws:sqs:')) break;
        of(p.FunctionName, id).queues.push({
          id,
          queueArn,
          // Lambda's default for a standard queue.
          batchSize: Number(p.BatchSize ?? 10),
          reportBatchItemFailures: ((p.FunctionResponseTypes ?? []) as string[]).includes('ReportBatchItemFailures'),
        });
        break;
      }
      case 'AWS::SNS::Subscription':
        if (p.Protocol !== 'lambda') break;
        of(p.Endpoint, id).topics.push({
          id,
          topicArn: String(resolve(p.TopicArn, id)),
          filterPolicy: p.FilterPolicy === undefined ? undefined : (json(resolve(p.FilterPolicy, id)) as EventPattern),
          filterPolicyScope: p.FilterPolicyScope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes',
        });
        break;
      case 'AWS::SES::ReceiptRule': {
        const rule = p.Rule ?? {};
        if (rule.Enabled === false) break;
        const actions = (rule.Actions ?? []) as Record<string, Record<string, unknown>>[];
        const s3 = actions.find((action) => action.S3Action)?.S3Action;
        for (const action of actions.filter((a) => a.LambdaAction))
          of(action.LambdaAction!.FunctionArn, id).receiptRules.push({
            id,
            recipients: ((resolve(rule.Recipients ?? [], id) as string[]) ?? []).map((r) => r.toLowerCase()),
            scanEnabled: rule.ScanEnabled === true,
            store: s3
              ? { bucket: String(resolve(s3.BucketName, id)), prefix: String(s3.ObjectKeyPrefix ?? '') }
              : undefined,
            invocationType: String(action.LambdaAction!.InvocationType ?? 'Event'),
          });
        break;
      }
    }
  }
  return byFunction;
}
