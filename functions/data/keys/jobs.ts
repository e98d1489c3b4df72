// Keys of the background work: imports with their lock and report lines, bulk actions, and the marks that make a
// scheduled job's work happen once (the daily digest, the monthly summary, an occasion's message). Access patterns:
//  - an import (job) by id . GetItem AGENT#<agentId> / IMPORT#<importId> (progress, checkpoint and lease of the import
//                            job; ids sort by creation time; TTL): another agent's import is not under their key
//  - an agent's latest import Query AGENT#<agentId>, sk begins_with IMPORT#, newest first, Limit 1
//  - an import's report lines Query IMPORTISSUES#<importId>, sk <first row of the batch, 9 digits> (one item per batch
//                            with skipped rows or warnings, written before its checkpoint; read in order for the
//                            report; TTL)
//  - a bulk action ......... GetItem AGENT#<agentId> / BULK#<id> (status, counts, checkpoint); its client ids in
//                            BULKIDS#<id> / <chunk index>; a bulk delete's snapshots in BULKUNDO#<id> / <clientId>#…
//                            (on the owner index, so closing the account finds them; TTL)
//  - an agent's daily digest GetItem/conditional Put DIGEST#<agentId>#<date> / DIGEST (once per agent per local day;
//                            TTL)
//  - monthly summary once .. conditional Put SUMMARY#<agentId>#<YYYY-MM> / SUMMARY (TTL)
//  - occasion messaged once  conditional Put HANDLED#<agentId>#<clientId> / <occasion>#<year> (TTL): counted once a
//                            year
import { agentItemKey, numberedItemKey } from './table';

export const IMPORT_PREFIX = 'IMPORT#';
/** The agent's one running import (functions/data/import-lock.ts). */
export const importLockKey = (agentId: string) => agentItemKey(agentId, 'IMPORTLOCK');
export const importKey = (agentId: string, importId: string) => agentItemKey(agentId, `${IMPORT_PREFIX}${importId}`);
export const importIssuesPartition = (importId: string) => `IMPORTISSUES#${importId}`;
export const importIssuesKey = (importId: string, firstRow: number) =>
  numberedItemKey(importIssuesPartition(importId), firstRow, 9);

export const BULK_PREFIX = 'BULK#';
export const bulkJobKey = (agentId: string, jobId: string) => agentItemKey(agentId, `${BULK_PREFIX}${jobId}`);
export const bulkIdsPartition = (jobId: string) => `BULKIDS#${jobId}`;
export const bulkIdsKey = (jobId: string, chunk: number) => numberedItemKey(bulkIdsPartition(jobId), chunk, 6);
export const bulkUndoPartition = (jobId: string) => `BULKUNDO#${jobId}`;

export const digestKey = (agentId: string, date: string) => ({ pk: `DIGEST#${agentId}#${date}`, sk: 'DIGEST' });
export const monthlySummaryKey = (agentId: string, month: string) => ({
  pk: `SUMMARY#${agentId}#${month}`,
  sk: 'SUMMARY',
});
export const handledOccasionKey = (agentId: string, clientId: string, occasion: string, year: string) => ({
  pk: `HANDLED#${agentId}#${clientId}`,
  sk: `${occasion}#${year}`,
});
