// The jobs' counterpart of the HTTP stack's requestState: each invocation runs with its own
// record (Lambda's request id, the job's name, function name, cold start) on every log line, and
// writes its metrics in one EMF line when it ends, failed or not.
import type { Context } from 'aws-lambda';
import { newInvocation, runInvocation } from './invocation';
import { flushMetrics } from './metrics';

export function observeJob<E, R>(
  job: string,
  fn: (event: E, context?: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  return (event, context) => {
    const invocation = newInvocation(context, { job });
    return runInvocation(invocation, async () => {
      try {
        return await fn(event, context);
      } finally {
        flushMetrics(invocation);
      }
    });
  };
}
