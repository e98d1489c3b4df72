// An import's report lines: one item per batch that skipped rows or warned (IMPORTISSUES#<id> / <first row>),
// written before the batch's checkpoint (import-runs.ts) and read in file order for the report.
import type { ImportIssue } from '../domain/import-report';
import { putItem, queryPages } from './db';
import { IMPORT_KEEP_SECONDS } from './imports';
import { importIssuesKey, importIssuesPartition } from './keys/jobs';

/** A batch's report lines, under the batch's first row: written again identically when the batch is. */
export async function putImportIssues(
  importId: string,
  firstRow: number,
  issues: readonly ImportIssue[],
  now: Date,
): Promise<void> {
  await putItem({
    ...importIssuesKey(importId, firstRow),
    type: 'import-issues',
    importId,
    issues,
    ttl: Math.floor(now.getTime() / 1000) + IMPORT_KEEP_SECONDS,
  });
}

/** The report's lines in file order, a page of batches at a time. */
export async function* importIssuePages(importId: string): AsyncGenerator<ImportIssue[]> {
  const pages = queryPages<{ issues: ImportIssue[] }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': importIssuesPartition(importId) },
    ConsistentRead: true,
  });
  for await (const items of pages) {
    const lines = items.flatMap((item) => item.issues);
    if (lines.length > 0) yield lines;
  }
}
