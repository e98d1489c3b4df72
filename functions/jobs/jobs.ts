// The functions that no route calls: scheduled and queue-driven. scripts/build.mjs bundles
// functions/jobs/<name>.ts for each, and infra/constructs/jobs.ts deploys them, as the route table
// does for routes.

export type JobTrigger =
  /** EventBridge Scheduler, every hour on the hour; the input carries the scheduled time. */
  | 'hourly-schedule'
  /** The reminders SQS queue, in batches, with partial batch failures. */
  | 'reminders-queue'
  /** An EventBridge rule on SES's bounce and complaint events (the messaging configuration set). */
  | 'ses-events';

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
    // A batch of 10 agents may draft their day's automatic messages with the model (up to 10 s each).
    timeoutSeconds: 300,
  },
  {
    name: 'ses-events',
    description: 'Marks client e-mails that bounced or drew a complaint and stops further mail to those addresses',
    trigger: 'ses-events',
    memoryMb: 256,
    timeoutSeconds: 30,
  },
] as const satisfies readonly Job[];

export type JobName = (typeof jobs)[number]['name'];
