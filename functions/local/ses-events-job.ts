// SES's bounce and complaint events on this machine: the outbox never bounces, so a test hands the
// event here, and jobs/ses-events runs as the stack's EventBridge rule invokes it, with that job's
// own function (environment and role) under the twin.
import { handler, type SesEvent, type SesEventResult } from '../jobs/ses-events';
import { runAsJob } from './job-scopes';

export function deliverSesEvent(event: SesEvent): Promise<SesEventResult> {
  return runAsJob('ses-events', () => handler(event));
}
