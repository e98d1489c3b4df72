// The functions that no route calls: scheduled and queue-driven. scripts/build.mjs bundles
// functions/jobs/<name>.ts for each, and infra/constructs/jobs.ts deploys them, as the route table
// does for routes.

export type JobTrigger =
  /** EventBridge Scheduler, every hour on the hour; the input carries the scheduled time. */
  | 'hourly-schedule'
  /** The reminders SQS queue, in batches, with partial batch failures. */
  | 'reminders-queue';

export type Job = {
  name: string;
  description: string;
  trigger: JobTrigger;
  memoryMb: number;
  timeoutSeconds: number;
};

export const jobs = [
  {
    name: 'reminders-scheduler',
    description: 'Every hour: queues the daily digest of each agent whose local time just reached 8 am',
    trigger: 'hourly-schedule',
    memoryMb: 512,
    timeoutSeconds: 300,
  },
  {
    name: 'reminders-worker',
    description: "Sends one agent's daily digest (e-mail, SMS), awards due milestones, counts reminders",
    trigger: 'reminders-queue',
    memoryMb: 1024,
    timeoutSeconds: 60,
  },
] as const satisfies readonly Job[];

export type JobName = (typeof jobs)[number]['name'];
