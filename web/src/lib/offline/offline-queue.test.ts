// The browser's side of offline: reads kept per account and given back when the network is down, writes kept and
// sent again in order, each once with the Idempotency-Key it was taken with, and sign-out forgetting it all.
import 'fake-indexeddb/auto';
import { runInThisContext } from 'node:vm';
import { ApiError, OfflineError, QueuedOfflineError, api, replayQueuedActions } from '../api-client';
import { jsonResponse, mockApi, type MockRoutes } from '../../testing/mock-api';
import { forgetSignedInAccount } from './offline-queue';
import { offlineSnapshot } from './offline-state';
import {
  clearSignedOutMark,
  countQueued,
  isMarkedSignedOut,
  markSignedOut,
  queuedActions,
  readAnswer,
  savesSettled,
} from './offline-store';

// jsdom has no structuredClone, which fake-indexeddb stores values with: Node's own.
globalThis.structuredClone ??= runInThisContext('structuredClone') as typeof structuredClone;

let accounts = 0;
/** Signs a fresh account in the way the app does: its GET /api/user answers. */
async function signedIn(): Promise<string> {
  accounts += 1;
  const id = `agent-${accounts}`;
  mockApi({ 'GET /api/user': () => jsonResponse(200, { id }) });
  await api.get('/api/user');
  return id;
}

/** The network is down: every request rejects the way fetch does. */
function offline(): jest.Mock {
  const fetchMock = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  globalThis.fetch = fetchMock;
  return fetchMock;
}

/** The server is back and answers `routes`; the requests it got, with their Idempotency-Key. */
function online(routes: MockRoutes) {
  const fetchMock = mockApi(routes);
  const sent = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
      body: init?.body,
    }));
  return { fetchMock, sent };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

const touch = { kind: 'call', date: '2026-03-02' };
const created = () => jsonResponse(201, { ok: true });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a write taken offline', () => {
  it('is kept with a new Idempotency-Key and the caller is told it waits', async () => {
    const account = await signedIn();
    offline();

    const error = await caught(api.post('/api/clients/c1/touches', touch));

    expect(error).toBeInstanceOf(QueuedOfflineError);
    const [entry] = await queuedActions(account);
    expect(entry!.action).toMatchObject({
      method: 'POST',
      url: '/api/clients/c1/touches',
      body: JSON.stringify(touch),
    });
    expect(entry!.action.idempotencyKey).toMatch(UUID);
    expect(offlineSnapshot()).toMatchObject({ offline: true, waiting: 1 });
  });

  it('is sent when the network returns, in the order taken, each once with the key it was taken with', async () => {
    const account = await signedIn();
    offline();
    await caught(api.post('/api/clients/c1/touches', touch));
    await caught(api.post('/api/outgoing/m1/approve', { body: 'Happy birthday!' }));
    await caught(api.post('/api/outgoing/m2/skip'));
    const keys = (await queuedActions(account)).map((entry) => entry.action.idempotencyKey);
    const { sent } = online({
      'POST /api/clients/c1/touches': created,
      'POST /api/outgoing/m1/approve': created,
      'POST /api/outgoing/m2/skip': created,
    });

    const report = await replayQueuedActions();
    const again = await replayQueuedActions();

    expect(report).toEqual({ sent: 3, refused: [] });
    expect(again).toEqual({ sent: 0, refused: [] });
    expect(sent()).toEqual([
      { url: '/api/clients/c1/touches', key: keys[0], body: JSON.stringify(touch) },
      { url: '/api/outgoing/m1/approve', key: keys[1], body: '{"body":"Happy birthday!"}' },
      { url: '/api/outgoing/m2/skip', key: keys[2], body: '{}' },
    ]);
    expect(new Set(keys).size).toBe(3);
    expect(await countQueued(account)).toBe(0);
    expect(offlineSnapshot().waiting).toBe(0);
  });

  it('stays queued, in order, when sending fails, and is sent on the next try with the same key', async () => {
    const account = await signedIn();
    offline();
    await caught(api.post('/api/clients/c1/touches', touch));
    await caught(api.post('/api/clients/c2/touches', touch));
    const keys = (await queuedActions(account)).map((entry) => entry.action.idempotencyKey);
    let first = true;
    const { sent } = online({
      // The first try reaches a busy server; the second goes through.
      'POST /api/clients/c1/touches': () => {
        if (!first) return created();
        first = false;
        return jsonResponse(503, { message: 'The service is busy right now.', code: 'UNAVAILABLE' });
      },
      'POST /api/clients/c2/touches': created,
    });

    const failed = await replayQueuedActions();
    expect(failed).toEqual({ sent: 0, refused: [] });
    expect(await countQueued(account)).toBe(2);
    offline();
    expect(await replayQueuedActions()).toEqual({ sent: 0, refused: [] });
    expect(await countQueued(account)).toBe(2);
    const retried = online({ 'POST /api/clients/c1/touches': created, 'POST /api/clients/c2/touches': created });
    const report = await replayQueuedActions();

    expect(report).toEqual({ sent: 2, refused: [] });
    expect(sent().map((request) => request.key)).toEqual([keys[0]]);
    expect(retried.sent().map((request) => request.key)).toEqual(keys);
    expect(await countQueued(account)).toBe(0);
  });

  it('leaves the queue with its reason when the server refuses it for good, and the next one is still sent', async () => {
    const account = await signedIn();
    offline();
    await caught(api.post('/api/outgoing/m1/approve'));
    await caught(api.post('/api/clients/c1/touches', touch));
    online({
      'POST /api/outgoing/m1/approve': () =>
        jsonResponse(409, { message: 'This message can no longer be approved.', code: 'NOT_AWAITING' }),
      'POST /api/clients/c1/touches': created,
    });

    const report = await replayQueuedActions();

    expect(report).toEqual({ sent: 1, refused: ['This message can no longer be approved.'] });
    expect(await countQueued(account)).toBe(0);
  });

  it('is refused as before when the server answers, and only the listed writes are ever queued', async () => {
    const account = await signedIn();
    online({
      'POST /api/clients/c1/touches': () => jsonResponse(404, { message: 'Client not found', code: 'NOT_FOUND' }),
    });
    expect(await caught(api.post('/api/clients/c1/touches', touch))).toBeInstanceOf(ApiError);
    offline();
    expect(await caught(api.post('/api/clients/c1/messages', { channel: 'sms', body: 'Hi' }))).toBeInstanceOf(
      TypeError,
    );
    expect(await countQueued(account)).toBe(0);
  });
});

describe('a read while offline', () => {
  it('gives the last answer this account read, and the banner the time it was read', async () => {
    await signedIn();
    online({ 'GET /api/outgoing': () => jsonResponse(200, { awaiting: 1, messages: ['kept'] }) });
    await api.get('/api/outgoing');
    await savesSettled(); // the copy is written in the background
    offline();

    const answer = await api.get('/api/outgoing');

    expect(answer).toEqual({ awaiting: 1, messages: ['kept'] });
    expect(offlineSnapshot()).toMatchObject({ offline: true, shownFrom: expect.any(String) });
    expect(Date.now() - Date.parse(offlineSnapshot().shownFrom!)).toBeLessThan(60_000);
  });

  it('fails with OfflineError for a page never read, and for reads that are not kept', async () => {
    await signedIn();
    online({ 'GET /api/inbox/conversations': () => jsonResponse(200, { conversations: [] }) });
    await api.get('/api/inbox/conversations');
    await savesSettled();
    offline();

    expect(await caught(api.get('/api/clients/never-opened'))).toBeInstanceOf(OfflineError);
    expect(await caught(api.get('/api/inbox/conversations'))).toBeInstanceOf(OfflineError);
  });

  it('gives nothing from the copy while the device is marked signed out, and the copy again once it is cleared', async () => {
    const account = await signedIn();
    online({ 'GET /api/clients/c1': () => jsonResponse(200, { id: 'c1', name: 'Maria Lopez' }) });
    await api.get('/api/clients/c1');
    await savesSettled();

    await markSignedOut();
    offline();

    expect(await isMarkedSignedOut()).toBe(true);
    expect(await caught(api.get('/api/clients/c1'))).toBeInstanceOf(OfflineError);
    expect(await readAnswer(account, '/api/clients/c1')).toBeUndefined();
    await clearSignedOutMark();
    expect(await api.get('/api/clients/c1')).toEqual({ id: 'c1', name: 'Maria Lopez' });
  });
});

/** A signed-in account whose client page answer is kept, and a touch it logged offline waiting. */
async function accountWithKeptAnswerAndWaitingTouch() {
  const account = await signedIn();
  online({ 'GET /api/clients/c1': () => jsonResponse(200, { id: 'c1', name: 'Maria Lopez' }) });
  await api.get('/api/clients/c1');
  await savesSettled();
  offline();
  await caught(api.post('/api/clients/c1/touches', touch));
  return account;
}

describe('signing out', () => {
  it("deletes the account's kept answers and waiting actions, and the next account sees none of them", async () => {
    const first = await accountWithKeptAnswerAndWaitingTouch();
    expect(await countQueued(first)).toBe(1);

    await forgetSignedInAccount();
    expect(await isMarkedSignedOut()).toBe(true);
    const next = await signedIn(); // GET /api/user names an account: signing in clears the mark
    expect(await isMarkedSignedOut()).toBe(false);
    offline();

    expect(await countQueued(first)).toBe(0);
    expect(await caught(api.get('/api/clients/c1'))).toBeInstanceOf(OfflineError);
    expect(await replayQueuedActions()).toEqual({ sent: 0, refused: [] });
    expect(await countQueued(next)).toBe(0);
    expect(offlineSnapshot().waiting).toBe(0);
  });

  it("keeps one account's entries from another signed in on the same browser, deleting its answers", async () => {
    const first = await accountWithKeptAnswerAndWaitingTouch();

    await signedIn(); // another agent, without the first signing out
    offline();

    expect(await caught(api.get('/api/clients/c1'))).toBeInstanceOf(OfflineError);
    expect(await readAnswer(first, '/api/clients/c1')).toBeUndefined();
    expect(offlineSnapshot().waiting).toBe(0);
    expect(await replayQueuedActions()).toEqual({ sent: 0, refused: [] });
    expect(await countQueued(first)).toBe(1);
  });
});
