// Which reader an uploaded client file goes to: a CSV, or a vCard file of contacts; or the agent's Google contacts,
// read from Google into a file of our own (functions/services/google-contacts-import.ts). All give the same rows, so
// everything after reading (validation, e-mail dedupe, the plan cap, the report) is one path whatever the format.
import { parseClientCsv } from './csv-import';
import type { ImportRows, ImportUnit } from './import-rows';
import { parseClientVcards } from './vcard-import';

/** What an agent uploads. */
export type UploadFormat = 'csv' | 'vcard';
/** What an import reads: an upload, or the Google contacts it read (one JSON entry a line: import-stream.ts). */
export type ImportFormat = UploadFormat | 'google';

// Browsers send what the system maps the extension to; many send nothing more precise than these.
const GENERIC_TYPES = ['application/octet-stream', 'text/plain'];
const FORMATS: Record<UploadFormat, { extension: RegExp; types: readonly string[]; unit: ImportUnit }> = {
  csv: {
    extension: /\.csv$/i,
    types: ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/comma-separated-values', 'text/x-csv'],
    unit: 'row',
  },
  vcard: { extension: /\.(vcf|vcard)$/i, types: ['text/vcard', 'text/x-vcard', 'text/directory'], unit: 'card' },
};

export const IMPORT_ACCEPTS = 'Only .csv and .vcf (vCard) files can be imported.';

/** The format a file's name and type say, or null when the import does not read it. */
export function importFormatOf(filename: string, mimeType: string): UploadFormat | null {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  const format = (Object.keys(FORMATS) as UploadFormat[]).find((f) => FORMATS[f].extension.test(filename));
  if (!format) return null;
  return FORMATS[format].types.includes(type) || GENERIC_TYPES.includes(type) ? format : null;
}

/** Google contacts are counted as a vCard file's cards are: contacts. */
export function importUnitOf(format: ImportFormat): ImportUnit {
  return format === 'google' ? 'card' : FORMATS[format].unit;
}

export function parseClientFile(format: UploadFormat, data: Uint8Array, options: { today: string }): ImportRows {
  return format === 'csv' ? parseClientCsv(data, options) : parseClientVcards(data, options);
}
