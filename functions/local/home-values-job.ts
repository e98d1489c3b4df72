// The home values job on this machine: run as the template's monthly schedule invokes it, in its own function's scope
// under the twin, and only when the template has such a schedule. The server runs it at its start when no release is
// stored yet (a new data directory: the demo's estimates), and `POST /local/jobs/home-values` runs it now.
import { readCurrentReleases } from '../data/home-values';
import { handler } from '../jobs/home-values-sync';
import type { IndexesSyncResult } from '../services/home-value-indexes';
import { runScheduledJob } from './job-scopes';
import type { NotDelivered } from './twin/deliveries';

export function runHomeValuesSync(at = new Date()): Promise<IndexesSyncResult | NotDelivered> {
  return runScheduledJob('home-values-sync', handler, at);
}

/** Runs the job when no release of FHFA's index is stored yet. */
export async function syncHomeValuesIfEmpty(): Promise<void> {
  const current = await readCurrentReleases();
  if (!current.state && !current.zip3) await runHomeValuesSync();
}
