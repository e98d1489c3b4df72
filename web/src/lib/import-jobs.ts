// Big imports: POST /api/imports, the file straight to S3 with the presigned POST it
// answers (upload progress from XMLHttpRequest, which fetch does not give), POST
// /api/imports/{id}/start, and GET /api/imports/{id} read every second while the job runs.
// Here, below the features, because two start imports: the clients page (a file) and Settings'
// Google card (the agent's Google contacts, read into an import ready to start).
import useSWR from 'swr';
import type { CreatedImport, ImportJob } from '@shared/api-types';
import { api, nullWhen } from './api-client';
import { openDownload } from './save-file';

export const IMPORTS_URL = '/api/imports';
export const importJobKey = (id: string) => `${IMPORTS_URL}/${id}`;
export const LATEST_IMPORT_KEY = importJobKey('latest');
/** How often a running import is read. */
export const IMPORT_POLL_MS = 1000;

export const isActiveImport = (job: Pick<ImportJob, 'status'> | null | undefined): boolean =>
  job?.status === 'queued' || job?.status === 'running';

export function createImportJob(file: File): Promise<CreatedImport> {
  return api.post<CreatedImport>(IMPORTS_URL, { fileName: file.name, contentType: file.type, size: file.size });
}

/** Sends the file with the presigned POST (its fields, then the file); `onProgress` gets the share sent, 0 to 1. */
export function uploadImportFile(
  upload: CreatedImport['upload'],
  file: File,
  onProgress: (sent: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(`The file could not be uploaded (${request.status}). Try again.`));
    });
    request.addEventListener('error', () =>
      reject(new Error('The file could not be uploaded: the connection failed. Try again.')),
    );
    request.send(form);
  });
}

export function startImportJob(id: string): Promise<ImportJob> {
  return api.post<ImportJob>(`${importJobKey(id)}/start`);
}

export function getImportJob(id: string): Promise<ImportJob> {
  return api.get<ImportJob>(importJobKey(id));
}

/** What to tell the agent when an import's report is asked for after it was deleted. */
export const REPORT_NOT_KEPT = {
  title: 'The report is no longer kept',
  description: 'Reports are kept for a day after the import.',
};

/**
 * Downloads the report of an import's skipped entries and warnings, with a fresh link: the one read with the progress
 * is valid a few minutes only. False when the report is no longer kept.
 */
export async function openImportReport(id: string): Promise<boolean> {
  const fresh = await getImportJob(id);
  if (!fresh.report) return false;
  openDownload(fresh.report.url, `${fresh.fileName} - import report.csv`);
  return true;
}

/** The agent's latest import, or null when there is none. */
function getLatestImport(): Promise<ImportJob | null> {
  return nullWhen(404, api.get<ImportJob>(LATEST_IMPORT_KEY));
}

/** The latest import as the page opens (read once, fresh): the page shows it again when it is still running. */
export function useLatestImport() {
  return useSWR<ImportJob | null>(LATEST_IMPORT_KEY, getLatestImport, { revalidateOnMount: true });
}

/** An import read every second while it is queued or running (no key: no read). */
export function useImportJob(id: string | null) {
  return useSWR<ImportJob>(id ? importJobKey(id) : null, {
    refreshInterval: (job) => (isActiveImport(job) ? IMPORT_POLL_MS : 0),
    revalidateOnMount: true,
  });
}
