// Which function a job runs as: under the twin, the job's own function of the template (its
// environment and its role); otherwise the process's environment.
import { jobs, type JobName } from '../jobs/jobs';
import { runAsFunction, type FunctionScope } from '../lib/function-environment';

let scopeOf: ((description: string) => FunctionScope) | undefined;

export function setJobScopes(resolver: ((description: string) => FunctionScope) | undefined): void {
  scopeOf = resolver;
}

export function runAsJob<T>(name: JobName, fn: () => T): T {
  if (!scopeOf) return fn();
  const job = jobs.find((j) => j.name === name)!;
  return runAsFunction(scopeOf(job.description), fn);
}
