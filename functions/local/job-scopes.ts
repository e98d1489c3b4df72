// Which function a job runs as, and what may invoke it: under the twin, the job's own function of the template (its
// environment, its role, and the triggers that alone deliver events to it); otherwise the process's environment,
// and a job runs whenever it is called.
import { jobs, type JobName } from '../jobs/jobs';
import { runAsFunction, type FunctionScope } from '../lib/function-environment';
import { notDelivered, schedulerPayload, type NotDelivered } from './twin/deliveries';
import type { StackModel, TwinFunction } from './twin/stack-model';

export type JobTwin = { model: StackModel; scopeFor(description: string): FunctionScope };

let twin: JobTwin | undefined;

export function setJobScopes(next: JobTwin | undefined): void {
  twin = next;
}

const descriptionOf = (name: JobName) => jobs.find((j) => j.name === name)!.description;

export function runAsJob<T>(name: JobName, fn: () => T): T {
  if (!twin) return fn();
  return runAsFunction(twin.scopeFor(descriptionOf(name)), fn);
}

/** The job's function in the template (its triggers, its ARN's name), or undefined without the twin. */
export function jobFunction(name: JobName): TwinFunction | undefined {
  if (!twin) return undefined;
  const description = descriptionOf(name);
  const fn = twin.model.functions.find((f) => f.description === description);
  if (!fn) throw new Error(`The template has no function described "${description}": synthesize it again`);
  return fn;
}

/**
 * A scheduled job run now, as the template's schedules invoke it: once by each schedule, with its payload (the last
 * run's result returned); without the twin, once with an empty event; a template with no schedule for it, not at all.
 */
export async function runScheduledJob<T>(
  name: JobName,
  handler: (event: unknown) => Promise<T>,
  at: Date,
): Promise<T | NotDelivered> {
  const schedules = jobFunction(name)?.triggers.schedules;
  if (schedules?.length === 0) return notDelivered(`No schedule of the template invokes jobs/${name}`);
  let result: T | undefined;
  for (const schedule of schedules ?? [undefined])
    result = await runAsJob(name, () => handler(schedule ? schedulerPayload(schedule, at) : {}));
  return result!;
}
