// Big imports the way the browser makes them (the API tests, the crash test and the bench): create
// the import, upload the file with the presigned POST it answers, start it, and wait for the job.
import type { Client, CreatedImport, ImportJob } from '@shared/api-types';
import { setLocalTaskQueue, type ImportJobMessage } from '../integrations/task-queue';
import { allClients, type ApiClient, type ApiResponse } from './local-api';

/** POST /api/imports, then the file to S3 with the presigned POST (its fields first, as a browser form sends them). */
export async function uploadImport(
  client: ApiClient,
  content: string | Uint8Array,
  fileName = 'contacts.csv',
  type = 'text/csv',
): Promise<CreatedImport> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const created = await client.post<CreatedImport>('/api/imports', {
    fileName,
    contentType: type,
    size: bytes.byteLength,
  });
  if (created.status !== 201) throw new Error(`POST /api/imports answered ${created.status}: ${created.text}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(created.body.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const uploaded = await fetch(created.body.upload.url, { method: 'POST', body: form });
  if (uploaded.status !== 204 && uploaded.status !== 201 && uploaded.status !== 200)
    throw new Error(`the upload answered ${uploaded.status}: ${await uploaded.text()}`);
  return created.body;
}

export const startImport = (client: ApiClient, importId: string): Promise<ApiResponse<ImportJob>> =>
  client.post<ImportJob>(`/api/imports/${importId}/start`, {});

/** Polls GET /api/imports/{id} until the import is done or failed; `seen` gets every state read on the way. */
export async function waitForImport(
  client: ApiClient,
  importId: string,
  { seen = [] as ImportJob[], intervalMs = 100, maxWaitMs = 120_000 } = {},
): Promise<ImportJob> {
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const res = await client.get<ImportJob>(`/api/imports/${importId}`);
    if (res.status !== 200) throw new Error(`GET /api/imports/${importId} answered ${res.status}: ${res.text}`);
    seen.push(res.body);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    if (Date.now() > until)
      throw new Error(
        `the import is still ${res.body.status} (${res.body.rowsDone} of ${res.body.total}) after ${maxWaitMs} ms`,
      );
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

/**
 * The agent's clients (GET /api/clients) by e-mail, the address an import matches its rows on; two clients with one
 * address (which an import must never leave) throw.
 */
export async function clientsByEmail(client: ApiClient): Promise<Record<string, Client>> {
  const byEmail: Record<string, Client> = {};
  for (const one of (await allClients(client)) as Client[]) {
    if (one.email in byEmail) throw new Error(`two clients have the e-mail ${one.email}`);
    byEmail[one.email] = one;
  }
  return byEmail;
}

/** Create, upload, start and wait: the import as it ended. */
export async function importThroughJob(
  client: ApiClient,
  content: string | Uint8Array,
  fileName?: string,
  type?: string,
): Promise<ImportJob> {
  const { import: created } = await uploadImport(client, content, fileName, type);
  const started = await startImport(client, created.id);
  if (started.status !== 202) throw new Error(`the start answered ${started.status}: ${started.text}`);
  return waitForImport(client, created.id);
}

/**
 * Holds the messages the API queues for the import job instead of running them (the local runtime
 * of this process runs them otherwise), so a test can run the worker itself, a step at a time.
 * `release()` puts the runtime's queue back.
 */
export function holdImportMessages(): { messages: ImportJobMessage[]; release(): void } {
  const messages: ImportJobMessage[] = [];
  // Other jobs on the same queue (account erasures) run as before.
  const before = setLocalTaskQueue({
    send: (message) => (message.kind === 'import' ? messages.push(message) : before?.send(message)),
  });
  return { messages, release: () => void setLocalTaskQueue(before) };
}
