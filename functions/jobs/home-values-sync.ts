// jobs/home-values-sync: once a month (after FHFA's release, the last Tuesday of most months), FHFA's House Price Index
// files fetched, checked and stored (services/home-value-indexes.ts); a file that fails keeps the release in use and
// counts HomeValueIndexFailures, which alarms.
import { observeJob } from '../observability/job';
import { syncHomeValueIndexes, type IndexesSyncResult } from '../services/home-value-indexes';

export const handler = observeJob('home-values-sync', (): Promise<IndexesSyncResult> => syncHomeValueIndexes());
