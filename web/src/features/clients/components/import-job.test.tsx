// The import dialog and the page's import card with a big file: the upload to S3 with its
// progress, the job's rows done of how many with a labelled progress bar, the end with the same toast
// as a small import and the report to download, a refused file, a running import picked up again
// after a reload, a stalled one resumed, a start refused while another import runs. A small file
// still goes in the request.
import { useState } from 'react';
import type { CreatedImport, ImportJob, ImportResult } from '@shared/api-types';
import { IMPORT_MESSAGES, SMALL_IMPORT_MAX_BYTES, SMALL_IMPORT_MAX_ROWS } from '@shared/imports';
import { callsTo, deferred, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { act, renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { importClients } from '../api/import-clients';
import { ImportClientsDialog } from './import-clients-dialog';
import { ImportJobCard } from './import-job-card';
import { useImportJobWatch } from './use-import-job';

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 'imp1',
  fileName: 'Outlook contacts.csv',
  unit: 'row',
  status: 'running',
  total: 600,
  rowsDone: 0,
  imported: 0,
  updated: 0,
  skipped: 0,
  warnings: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  finishedAt: null,
  message: null,
  report: null,
  stalled: false,
  ...overrides,
});
const DONE = job({
  status: 'done',
  rowsDone: 600,
  imported: 590,
  updated: 5,
  skipped: 5,
  finishedAt: '2030-01-01T00:01:00.000Z',
  message: 'Imported 590 new clients and updated 5. 5 rows have errors and were skipped.',
  report: {
    url: 'http://s3.example/exports/import-reports/imp1.csv?X-Amz-Expires=300',
    expiresAt: '2030-01-01T00:06:00.000Z',
  },
});
const CREATED: CreatedImport = {
  import: job({ status: 'uploading', total: null }),
  upload: {
    url: 'http://s3.example/uploads',
    fields: { key: 'imports/a/imp1.csv', Policy: 'p' },
    expiresAt: '2030-01-01T00:15:00.000Z',
  },
};

/** The clients page's import, as the manager wires it: the card, the dialog, and a button that opens it. */
function ImportHarness() {
  const watch = useImportJobWatch();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Import CSV
      </button>
      <ImportJobCard watch={watch} onOpen={() => setOpen(true)} />
      <ImportClientsDialog
        open={open}
        isImporting={false}
        onClose={() => setOpen(false)}
        onImport={importClients}
        importJob={watch}
      />
    </>
  );
}

/** XMLHttpRequest as the presigned upload uses it: the test decides the progress and the answer. */
class FakeUpload {
  static last: FakeUpload | undefined;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  status = 0;
  url = '';
  body: FormData | undefined;
  constructor() {
    FakeUpload.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  finish(status: number) {
    this.status = status;
    this.events.dispatchEvent(new Event('load'));
  }
}

const bigFile = () => new File(['x'.repeat(SMALL_IMPORT_MAX_BYTES + 1)], 'Outlook contacts.csv', { type: 'text/csv' });

async function chooseAndImport(user: ReturnType<typeof renderWithProviders>['user'], file: File) {
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Clients' });
  await user.upload(within(dialog).getByLabelText('CSV or vCard file'), file);
  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  return dialog;
}

describe('a big import in the dialog and on the page', () => {
  let click: jest.SpyInstance;
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    // jsdom cannot download: the link the report button clicks is recorded instead.
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    globalThis.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
    FakeUpload.last = undefined;
  });
  afterEach(() => {
    click.mockRestore();
    globalThis.XMLHttpRequest = realXhr;
  });

  const routes = (states: ImportJob[], more: MockRoutes = {}): MockRoutes => ({
    'GET /api/imports/latest': () => jsonResponse(404, { message: 'You have no imports yet.', code: 'NOT_FOUND' }),
    'POST /api/imports': () => jsonResponse(201, CREATED),
    'POST /api/imports/imp1/start': () => jsonResponse(202, job({ status: 'queued', total: null })),
    // Each read answers the next state, then the last one again.
    'GET /api/imports/imp1': () => jsonResponse(200, states.length > 1 ? states.shift()! : states[0]!),
    ...more,
  });

  it('uploads the file to S3 with progress, shows the rows done of how many, then the toast and the report', async () => {
    // Prepare
    const fetchMock = mockApi(routes([job({ rowsDone: 250, imported: 245, updated: 5 }), DONE, DONE]));
    const { user } = renderWithProviders(<ImportHarness />);

    // Act 1: the upload, half sent.
    const dialog = await chooseAndImport(user, bigFile());
    await waitFor(() => expect(FakeUpload.last?.body).toBeDefined());
    act(() => FakeUpload.last!.progress(50, 100));
    // Assess 1
    const uploadBar = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(uploadBar).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByText('50% uploaded')).toBeInTheDocument();
    expect(FakeUpload.last!.url).toBe(CREATED.upload.url);
    expect([...FakeUpload.last!.body!.keys()]).toEqual(['key', 'Policy', 'file']);
    expect(callsTo(fetchMock, 'POST /api/imports')[0]!.body).toEqual({
      fileName: 'Outlook contacts.csv',
      contentType: 'text/csv',
      size: SMALL_IMPORT_MAX_BYTES + 1,
    });

    // Act 2: the upload ends; the job starts and reports a batch done.
    act(() => FakeUpload.last!.finish(204));
    // Assess 2
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(bar).toHaveAttribute('aria-valuetext', '250 of 600 rows done');
    expect(within(dialog).getByText(/^250 of 600 rows done \(42%\)/)).toBeInTheDocument();
    expect(within(dialog).getByText('Imported').closest('dl')).toHaveTextContent('Imported245Updated5Skipped0');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(callsTo(fetchMock, 'POST /api/clients/import')).toHaveLength(0);

    // Act 3: the job ends.
    expect(
      await within(toastRegion()).findByText('Successfully imported 590 clients', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    // Assess 3: the request's toast and the outcome, with the report a click away.
    expect(within(toastRegion()).getByText('Updated 5 existing clients too.')).toBeInTheDocument();
    expect(within(dialog).getByText(DONE.message!)).toBeInTheDocument();
    expect(within(dialog).getByText('Imported').closest('dl')).toHaveTextContent('Imported590Updated5Skipped5');
    await user.click(within(dialog).getByRole('button', { name: 'Download the report' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).href).toBe(DONE.report!.url);

    // Done puts the import away: the dialog closes and the page's card goes.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Import finished')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'The first row must name the columns.', 'NOT_CSV'],
    [409, IMPORT_MESSAGES.running, 'IMPORT_RUNNING'],
  ])(
    'says why the start refused the file (%i), in the dialog and in a toast, and keeps the file chosen',
    async (status, message, code) => {
      mockApi(routes([DONE], { 'POST /api/imports/imp1/start': () => jsonResponse(status, { message, code }) }));
      const { user } = renderWithProviders(<ImportHarness />);
      const dialog = await chooseAndImport(user, bigFile());
      await waitFor(() => expect(FakeUpload.last?.body).toBeDefined());
      act(() => FakeUpload.last!.finish(204));
      expect(await within(dialog).findByText(message, { selector: '.MuiAlert-message' })).toBeInTheDocument();
      expect(within(toastRegion()).getByText(message)).toBeInTheDocument();
      expect(within(dialog).getByText('Outlook contacts.csv')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    },
  );

  it('shows a running import again when the page opens (after a reload), follows it to its end and lets it be dismissed', async () => {
    // Prepare: the latest import runs; the page has not started it.
    const fetchMock = mockApi(
      routes([job({ rowsDone: 500, imported: 500 }), DONE], {
        'GET /api/imports/latest': () => jsonResponse(200, job({ rowsDone: 250, imported: 250 })),
      }),
    );
    const { user } = renderWithProviders(<ImportHarness />);
    // Assess: the card with the progress.
    const card = await screen.findByRole('region', { name: 'Import in progress' });
    const bar = await within(card).findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '83'));
    expect(within(card).getByText(/You can leave this page/)).toBeInTheDocument();
    // Then the end: the toast once, the card with the outcome and Dismiss.
    const finished = await screen.findByRole('region', { name: 'Import finished' }, { timeout: 3000 });
    expect(within(finished).getByText(DONE.message!)).toBeInTheDocument();
    expect(within(toastRegion()).getAllByText('Successfully imported 590 clients')).toHaveLength(1);
    await user.click(within(finished).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Import finished' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/imports')).toHaveLength(0);
  });

  it('offers to resume an import the job has been silent on, and starts it again', async () => {
    const stalled = job({ rowsDone: 250, stalled: true });
    const fetchMock = mockApi(
      routes([stalled], {
        'GET /api/imports/latest': () => jsonResponse(200, stalled),
        'POST /api/imports/imp1/start': () => jsonResponse(202, job({ rowsDone: 250 })),
      }),
    );
    const { user } = renderWithProviders(<ImportHarness />);
    const card = await screen.findByRole('region', { name: 'Import in progress' });
    expect(await within(card).findByText('This import has not moved for 10 minutes.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resume import' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/imports/imp1/start')).toHaveLength(1));
    await waitFor(() =>
      expect(within(card).queryByText('This import has not moved for 10 minutes.')).not.toBeInTheDocument(),
    );
  });

  it('sends a small file with more rows than the request takes through the job', async () => {
    const fetchMock = mockApi(routes([DONE]));
    const { user } = renderWithProviders(<ImportHarness />);
    const lines = Array.from({ length: SMALL_IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},p${i}@example.com,5125550100`);
    await chooseAndImport(
      user,
      new File([`name,email,phone\n${lines.join('\n')}\n`], 'many.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/imports')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/clients/import')).toHaveLength(0);
  });

  it('sends a small file in the request, as before, and shows every row there', async () => {
    const result: ImportResult = {
      imported: 1,
      updated: 0,
      skipped: 0,
      errors: [],
      warnings: [],
      unit: 'row',
      message: 'Imported 1 new client.',
    };
    const answer = deferred<Response>();
    const fetchMock = mockApi(routes([DONE], { 'POST /api/clients/import': () => answer.promise }));
    const { user } = renderWithProviders(<ImportHarness />);
    const dialog = await chooseAndImport(
      user,
      new File(['name,email,phone\nA,a@example.com,5125550100\n'], 'small.csv', { type: 'text/csv' }),
    );
    answer.resolve(jsonResponse(200, result));
    expect(await within(dialog).findByText('Imported 1 new client.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/imports')).toHaveLength(0);
    expect(FakeUpload.last).toBeUndefined();
  });
});
