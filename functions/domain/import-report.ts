// What an import says when it is done: the sentence under its counts (the request's answer and the
// job's alike), and the job's report, a CSV of every row it skipped or took with a warning, each
// with its row and line in the file and the reason.
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import type { CsvColumn } from './csv-export';
import type { ImportUnit } from './import-rows';
import { cappedRowsSentence } from './plan';

export type ImportCounts = { imported: number; updated: number; capped: number; invalid: number; replaced?: number };

/** "Imported 9 new clients and updated 2. 5 rows were not imported: the free plan allows 10 clients…" */
export function importSummary(
  { imported, updated, capped, invalid, replaced = 0 }: ImportCounts,
  plan: string,
  unit: ImportUnit,
): string {
  const parts = [
    `Imported ${imported} new client${imported === 1 ? '' : 's'}${updated ? ` and updated ${updated}` : ''}.`,
  ];
  if (capped) parts.push(cappedRowsSentence(capped, unit, plan));
  if (invalid)
    parts.push(
      `${invalid} ${invalid === 1 ? `${unit} has` : `${unit}s have`} errors and ${invalid === 1 ? 'was' : 'were'} skipped.`,
    );
  if (replaced)
    parts.push(
      `${replaced} ${replaced === 1 ? `${unit} was` : `${unit}s were`} replaced by a later ${unit} with the same e-mail.`,
    );
  return parts.join(' ');
}

/** One line of the report: a row the import skipped, or took with a warning. */
export type ImportIssue = {
  row: number;
  line: number;
  outcome: 'skipped' | 'warning';
  name: string;
  email: string;
  reason: string;
};

/** Cells from the file are cut to this length in the report (a row may hold anything). */
const CELL_MAX = 200;
export const reportCell = (value: string | undefined): string => (value ?? '').slice(0, CELL_MAX);

export const IMPORT_REPORT_COLUMNS = (unit: ImportUnit): readonly CsvColumn<ImportIssue>[] => [
  { header: unit === 'card' ? 'card' : 'row', value: (issue) => issue.row },
  { header: 'line', value: (issue) => issue.line },
  { header: 'outcome', value: (issue) => (issue.outcome === 'skipped' ? 'Skipped' : 'Imported with a warning') },
  { header: 'name', value: (issue) => issue.name },
  { header: 'email', value: (issue) => issue.email },
  { header: 'reason', value: (issue) => issue.reason },
];

/** Why a row was left out at the free plan's cap. */
export const cappedRowReason = (plan: string): string =>
  `Not imported: ${plan} allows ${FREE_CLIENT_LIMIT} clients. Upgrade to Pro for unlimited clients.`;

/** Why a row was left out for a later one with the same e-mail. */
export const replacedRowReason = (unit: ImportUnit, by: number): string =>
  `Replaced by ${unit} ${by}, which has the same e-mail`;

/** The report's file name: the imported file's, without its extension. */
export function reportFileName(fileName: string): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w .-]+/g, '')
      .trim()
      .slice(0, 80) || 'import';
  return `${base} - import report.csv`;
}
