import 'fake-indexeddb/auto';
import { runInThisContext } from 'node:vm';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, type ScopedMutator } from 'swr';
import { swrConfig } from './swr';
import { createUser } from '../testing/data-generators';
import { callsTo, emptyResponse, jsonResponse, mockApi, unauthorized } from '../testing/mock-api';
import { OfflineError, QueuedOfflineError, api } from './api-client';
import { logout } from '../features/auth/api/logout';
import {
  forgetSession,
  getUser,
  sendPendingLogout,
  sendPendingLogoutBeforeSignIn,
  sendPendingLogoutWhenOnline,
  useUser,
  USER_KEY,
} from './auth';
import {
  clearSignedOutMark,
  countQueued,
  forgetPendingLogout,
  hasPendingLogout,
  isMarkedSignedOut,
  readAnswer,
  savesSettled,
} from './offline/offline-store';

// jsdom has no structuredClone, which fake-indexeddb stores values with: Node's own.
globalThis.structuredClone ??= runInThisContext('structuredClone') as typeof structuredClone;

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>;
}

describe('useUser', () => {
  it('gives null, not an error, when GET /api/user answers 401', async () => {
    mockApi({ 'GET /api/user': () => unauthorized() });

    const { result } = renderHook(() => useUser(), { wrapper });

    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.error).toBeUndefined();
  });

  it('gives the signed-in user', async () => {
    const user = createUser({ fullName: 'Sam Rivera' });
    mockApi({ 'GET /api/user': () => jsonResponse(200, user) });

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.user).toEqual(user));
  });

  it('exposes other failures as an error, and does not retry them', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => emptyResponse(500, 'Internal Server Error') });

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.error?.message).toBe('500: Internal Server Error'));
    expect(result.current.user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/** The network is down: every request rejects the way fetch does. */
function offline(): void {
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
}

let accounts = 0;
/** A signed-in account (its GET /api/user answered) with a client page kept for offline, and a touch waiting. */
async function accountWithCopyAndWaitingTouch(): Promise<string> {
  accounts += 1;
  const id = `session-agent-${accounts}`;
  mockApi({
    'GET /api/user': () => jsonResponse(200, createUser({ id })),
    'GET /api/clients/c1': () => jsonResponse(200, { id: 'c1', name: 'Maria Lopez' }),
  });
  expect(await getUser()).toMatchObject({ id });
  await api.get('/api/clients/c1');
  await savesSettled();
  offline();
  await expect(api.post('/api/clients/c1/touches', { kind: 'call', date: '2026-03-02' })).rejects.toBeInstanceOf(
    QueuedOfflineError,
  );
  expect(await countQueued(id)).toBe(1);
  return id;
}

/** The sign-out button's steps (useLogout): POST /api/logout, then the session forgotten. */
async function signOut(): Promise<ScopedMutator> {
  const mutate = jest.fn(async () => undefined) as unknown as ScopedMutator;
  await logout();
  await forgetSession(mutate);
  return mutate;
}

describe('the session on this device', () => {
  afterEach(async () => {
    await forgetPendingLogout();
    await clearSignedOutMark();
  });

  it("deletes the account's copies and waiting writes when GET /api/user answers 401, before answering null", async () => {
    const account = await accountWithCopyAndWaitingTouch();
    mockApi({ 'GET /api/user': () => unauthorized() });

    expect(await getUser()).toBeNull();

    expect(await countQueued(account)).toBe(0);
    expect(await isMarkedSignedOut()).toBe(true);
    await clearSignedOutMark(); // the copy is gone, not only hidden by the mark
    expect(await readAnswer(account, '/api/clients/c1')).toBeUndefined();
  });

  it('shows no copy while marked signed out: offline, GET /api/user gives null, not the kept user', async () => {
    await accountWithCopyAndWaitingTouch();
    mockApi({ 'GET /api/user': () => unauthorized() });
    await getUser();
    offline();

    expect(await getUser()).toBeNull();
    await expect(api.get('/api/clients/c1')).rejects.toBeInstanceOf(OfflineError);
  });

  it('signs out offline at once, and sends the logout when the network returns, then forgets it', async () => {
    const account = await accountWithCopyAndWaitingTouch();

    const mutate = await signOut();

    expect(mutate).toHaveBeenLastCalledWith(USER_KEY, null, { revalidate: false });
    expect(await countQueued(account)).toBe(0);
    expect(await isMarkedSignedOut()).toBe(true);
    expect(await hasPendingLogout()).toBe(true);
    await expect(api.get('/api/clients/c1')).rejects.toBeInstanceOf(OfflineError);

    const stop = sendPendingLogoutWhenOnline();
    const fetchMock = mockApi({ 'POST /api/logout': () => emptyResponse(204) });
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await hasPendingLogout()).toBe(false));
    stop();

    expect(await sendPendingLogout()).toBe('none');
    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
  });

  it('sends a pending logout first on the next start, and stays signed out though the old session still answers', async () => {
    await accountWithCopyAndWaitingTouch();
    await signOut();
    const fetchMock = mockApi({
      'POST /api/logout': () => emptyResponse(204),
      'GET /api/user': () => jsonResponse(200, createUser()),
    });

    expect(await getUser()).toBeNull();

    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([
      'POST /api/logout',
    ]);
    expect(await hasPendingLogout()).toBe(false);
    expect(await isMarkedSignedOut()).toBe(true);
  });

  it('keeps a pending logout while the network is down, and drops it at sign-in when the server cannot take it', async () => {
    await accountWithCopyAndWaitingTouch();
    await signOut();

    expect(await getUser()).toBeNull(); // still offline: the sign-in page
    expect(await hasPendingLogout()).toBe(true);
    await expect(sendPendingLogoutBeforeSignIn()).rejects.toBeInstanceOf(TypeError);
    expect(await hasPendingLogout()).toBe(true);

    const fetchMock = mockApi({ 'POST /api/logout': () => emptyResponse(503, 'Service Unavailable') });
    await sendPendingLogoutBeforeSignIn();

    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
    expect(await hasPendingLogout()).toBe(false); // a later send would end the new session
  });
});
