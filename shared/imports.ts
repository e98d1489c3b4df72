// Big imports: a file of contacts goes from the browser straight to S3 and is read by the
// import job in batches, with its progress kept on the server. What the API and the web app share:
// the limits, which files take that path, and the request that starts one (POST /api/imports).
import * as yup from 'yup';

/** The largest file the import job reads: a Google or Outlook export of 50,000 contacts is about 10–20 MB. */
export const IMPORT_JOB_MAX_BYTES = 25 * 1024 * 1024;
/** Rows (or vCard cards) one file may hold for the import job. */
export const IMPORT_JOB_MAX_ROWS = 100_000;
/**
 * Files up to this size are sent in the request (POST /api/clients/import, answered at once with
 * every row's outcome); bigger ones go through the import job, with progress. About 1,000 to 2,500
 * rows: what the request handles in a few seconds.
 */
export const SMALL_IMPORT_MAX_BYTES = 256 * 1024;
/** The rows (or cards) a file sent in the request may hold: a small file with more lines goes through the job too. */
export const SMALL_IMPORT_MAX_ROWS = 5000;
/**
 * The largest file POST /api/clients/import takes in the request itself. A binary body reaches the function base64
 * (4 bytes for every 3) inside its JSON event, and Lambda refuses a synchronous event over 6 MB: 4 MB of file is about
 * 5.4 MB there, with room for the form's other parts and the headers. A bigger file goes through the upload.
 */
export const INLINE_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** Imports one agent may start an hour. */
export const IMPORTS_PER_HOUR = 20;
/**
 * How long the report of skipped rows can be downloaded after the import finished (the exports bucket keeps files a
 * day).
 */
export const IMPORT_REPORT_HOURS = 23;

/** `ready`: a Google contacts import read and shown, waiting for the agent to start it (an upload: `uploading`). */
export const IMPORT_STATUSES = ['uploading', 'ready', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_MESSAGES = {
  fileName: 'Choose a .csv or .vcf file to import.',
  size: 'size must be the size of the file in bytes',
  empty: 'The file is empty.',
  running: 'Another import is still running. Wait for it to finish, then import this file.',
  tooLarge: `The file is larger than ${IMPORT_JOB_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files and import them one at a time.`,
  tooLargeInline: `The file is larger than ${INLINE_IMPORT_MAX_BYTES / (1024 * 1024)} MB, the most one request can carry. Import it through the upload instead (POST /api/imports, then POST /api/imports/{id}/start), as the Import dialog does for big files.`,
} as const;

/** POST /api/imports: the file the browser is about to upload. */
export const importCreateSchema = yup.object({
  fileName: yup.string().trim().required(IMPORT_MESSAGES.fileName).max(255, 'The file name is at most 255 characters'),
  /**
   * What the browser says the file is (often empty for .vcf): checked with the name, as the upload in the request is.
   */
  contentType: yup.string().trim().lowercase().max(100, 'contentType is at most 100 characters').default(''),
  size: yup
    .number()
    .typeError(IMPORT_MESSAGES.size)
    .required(IMPORT_MESSAGES.size)
    .integer(IMPORT_MESSAGES.size)
    .min(1, IMPORT_MESSAGES.empty)
    .max(IMPORT_JOB_MAX_BYTES, IMPORT_MESSAGES.tooLarge),
});
export type ImportCreateInput = yup.InferType<typeof importCreateSchema>;

/**
 * Whether the import dialog sends this file through the import job: by its size, or (for a small one) by its line
 * count, which is never below its rows or cards.
 */
export const usesImportJob = (bytes: number, lines: number): boolean =>
  bytes > SMALL_IMPORT_MAX_BYTES || lines > SMALL_IMPORT_MAX_ROWS + 1;
