// The functions that no route calls: scheduled and queue-driven. scripts/build.mjs bundles
// functions/jobs/<name>.ts for each, and infra/constructs/jobs.ts deploys them, as the route table
// does for routes.

export type JobTrigger =
  /** EventBridge Scheduler, every hour on the hour; the input carries the scheduled time. */
  | 'hourly-schedule'
  /** The reminders SQS queue, in batches, with partial batch failures. */
  | 'reminders-queue'
  /** An EventBridge rule on SES's bounce and complaint events (the messaging configuration set). */
  | 'ses-events'
  /**
   * The background tasks SQS queue (functions/jobs/background-tasks.ts), one message at a time (each may run for
   * minutes), with partial batch failures.
   */
  | 'tasks-queue'
  /** EventBridge Scheduler, every hour at half past (apart from the reminders' run on the hour). */
  | 'reviews-schedule'
  /** An SES receipt rule of the inbound domain: the raw mail stored in S3, then this job invoked (type Event). */
  | 'ses-receipt'
  /** The SNS topic an AWS End User Messaging number publishes its inbound texts to (two-way messaging). */
  | 'inbound-texts-topic'
  /** EventBridge Scheduler, once a month (the 1st, after FHFA's House Price Index release of the month before). */
  | 'monthly-schedule'
  /** EventBridge Scheduler, every two minutes (the agents' calendars that owe Google a write). */
  | 'minutes-schedule';

export type Job = {
  name: string;
  description: string;
  trigger: JobTrigger;
  memoryMb: number;
  timeoutSeconds: number;
  /** At most this many running at once (Lambda's reserved concurrency), for a job anyone outside can trigger. */
  reservedConcurrency?: number;
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
    description:
      'Marks bounced or complained client e-mails, stops mail to those addresses, pauses agents past the review levels',
    trigger: 'ses-events',
    memoryMb: 256,
    timeoutSeconds: 30,
  },
  {
    name: 'imports-worker',
    description:
      "Imports an agent's big contacts file from S3 in batches with checkpoints, continuing where a cut run stopped",
    trigger: 'tasks-queue',
    // The file is streamed and held one batch at a time: `npm run bench` (section imports) puts the
    // job's peak at about 120 MB of heap over what the emulators keep, for 50,000 rows. 1024 MB leaves
    // room for vCards with photos, and buys the CPU the parsing and validation take (Lambda's CPU follows memory).
    memoryMb: 1024,
    // Lambda's longest: a run stops a minute before it and queues the rest (functions/services/import-jobs.ts).
    timeoutSeconds: 900,
  },
  {
    name: 'reviews-sync',
    description:
      "Every hour: syncs each connected agent's Google reviews (suggesting who wrote new ones), contacts and calendar",
    trigger: 'reviews-schedule',
    memoryMb: 512,
    // Agents one after the other, each down to their last sync (usually one page of Google's).
    timeoutSeconds: 600,
  },
  {
    name: 'inbound-email',
    description:
      "Takes in a client's e-mail reply that SES received: verifies its reply address, adds it to the client",
    trigger: 'ses-receipt',
    memoryMb: 512,
    timeoutSeconds: 60,
    // Anyone can mail the inbound domain: a flood of mail waits for these, leaving the account's other functions free.
    reservedConcurrency: 5,
  },
  {
    name: 'sms-inbound',
    description: "Takes in clients' texts to the number: STOP, START and HELP, and replies that join a conversation",
    trigger: 'inbound-texts-topic',
    memoryMb: 512,
    timeoutSeconds: 30,
  },
  {
    name: 'home-values-sync',
    description: "Every month: fetches FHFA's House Price Index files and stores each area's index for home values",
    trigger: 'monthly-schedule',
    // The three-digit ZIP workbook is about 3 MB zipped and 23 MB of XML, read in memory (about 2 s here).
    memoryMb: 1024,
    timeoutSeconds: 300,
  },
  {
    name: 'calendar-out',
    description:
      "Every two minutes: writes the client changes waiting for each agent's Hearthside calendar to Google Calendar",
    trigger: 'minutes-schedule',
    memoryMb: 512,
    // Within the two minutes to the next run: a run stops CALENDAR_OUT_STOP_MS before this and leaves the rest marked.
    // A run the schedule starts while one goes on takes only the calendars that one has not taken.
    timeoutSeconds: 110,
  },
] as const satisfies readonly Job[];

export type JobName = (typeof jobs)[number]['name'];
