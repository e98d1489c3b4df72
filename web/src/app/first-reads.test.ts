import 'fake-indexeddb/auto';
import { runInThisContext } from 'node:vm';
import type { NextBestList } from '@shared/next-best';
import { createUser } from '../testing/data-generators';
import { callsTo, jsonResponse, mockApi } from '../testing/mock-api';

const DUE = '/api/clients?due=check-in&limit=20';
const NEXT_BEST = '/api/today/next-best?limit=10';
const READS = ['GET /api/outgoing', 'GET /api/conversations', 'GET /api/dashboard', `GET ${NEXT_BEST}`, `GET ${DUE}`];

const answers = () =>
  mockApi({
    'GET /api/outgoing': () => jsonResponse(200, { messages: [], awaiting: 2 }),
    'GET /api/conversations': () => jsonResponse(200, { conversations: [], unread: 0 }),
    'GET /api/dashboard': () => jsonResponse(200, {}),
    [`GET ${DUE}`]: () => jsonResponse(200, { clients: [] }),
    [`GET ${NEXT_BEST}`]: () => jsonResponse(200, { date: '2026-03-02', items: [], total: 0, limited: false }),
  });

// jsdom has no structuredClone, which fake-indexeddb stores values with: Node's own.
globalThis.structuredClone ??= runInThisContext('structuredClone') as typeof structuredClone;

/**
 * Fresh modules for each test (React and the testing library with them, so the hook runs with the same React): SWR
 * keeps the reads it preloads in its default cache until a hook takes them.
 */
async function load() {
  jest.resetModules();
  const { startFirstReads } = await import('./first-reads');
  const { useOutgoing } = await import('../features/automations/api/get-outgoing');
  const { useTodayReadsPending } = await import('./today-reads-pending');
  const { useNextBest } = await import('../features/next-best/api/get-next-best');
  const { saveAnswer } = await import('../lib/offline/offline-store');
  const { renderHook, waitFor } = await import('@testing-library/react/pure');
  return { startFirstReads, useTodayReadsPending, useOutgoing, useNextBest, saveAnswer, renderHook, waitFor };
}

const madeReads = (fetchMock: jest.Mock) => READS.filter((route) => callsTo(fetchMock, route).length > 0);

describe('the first reads the entry starts once the user is known', () => {
  it("starts the shell's badges, Today's next best touches and due check-ins on /today (and /today/), not the dashboard's", async () => {
    const { startFirstReads } = await load();
    const fetchMock = answers();
    startFirstReads(createUser(), '/today/');
    expect(madeReads(fetchMock)).toEqual([
      'GET /api/outgoing',
      'GET /api/conversations',
      `GET ${NEXT_BEST}`,
      `GET ${DUE}`,
    ]);
  });

  it("starts the shell's badges and the dashboard's read on /", async () => {
    const { startFirstReads } = await load();
    const fetchMock = answers();
    startFirstReads(createUser(), '/');
    expect(madeReads(fetchMock)).toEqual(['GET /api/outgoing', 'GET /api/conversations', 'GET /api/dashboard']);
  });

  it("starts only the shell's reads on another signed-in page", async () => {
    const { startFirstReads } = await load();
    const fetchMock = answers();
    startFirstReads(createUser(), '/clients');
    expect(madeReads(fetchMock)).toEqual(['GET /api/outgoing', 'GET /api/conversations']);
  });

  it('reads nothing for a visitor who is not signed in, or outside the signed-in shell', async () => {
    const { startFirstReads } = await load();
    const fetchMock = answers();
    startFirstReads(null, '/today');
    startFirstReads(createUser(), '/auth');
    startFirstReads(createUser(), '/verify-email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the page takes the answer of the read already under way instead of asking again', async () => {
    const { startFirstReads, useOutgoing, renderHook, waitFor } = await load();
    const fetchMock = answers();
    startFirstReads(createUser(), '/today');
    expect(callsTo(fetchMock, 'GET /api/outgoing')).toHaveLength(1);
    const { result, unmount } = renderHook(() => useOutgoing({ fresh: true }));
    await waitFor(() => expect(result.current.outgoing?.awaiting).toBe(2));
    expect(callsTo(fetchMock, 'GET /api/outgoing')).toHaveLength(1);
    unmount();
  });
});

const nextBest = (total: number): NextBestList => ({ date: '2026-03-02', items: [], total, limited: false });

/** Fresh modules, a user with 3 next best touches saved on the device, and the API answering each URL with `answer`. */
async function withSavedNextBest(answer: (url: string) => Promise<Response>) {
  const modules = await load();
  const user = createUser();
  await modules.saveAnswer(user.id, NEXT_BEST, nextBest(3));
  const fetchMock = answers();
  fetchMock.mockImplementation((input) => answer(String(input)));
  return { ...modules, user, fetchMock };
}

/** An answer the test gives when it chooses. */
function later() {
  let answer: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { response: () => response, answer };
}

describe("Today's first reads, stale while revalidating", () => {
  it("shows the device's last answer while the fresh one loads, then the fresh one, from one request", async () => {
    const fresh = later();
    const { startFirstReads, useNextBest, renderHook, waitFor, user, fetchMock } = await withSavedNextBest(
      async (url) => {
        if (url === NEXT_BEST) return fresh.response();
        return jsonResponse(200, { messages: [], awaiting: 0, clients: [], conversations: [], unread: 0 });
      },
    );

    startFirstReads(user, '/today');
    const { result, unmount } = renderHook(() => useNextBest());
    await waitFor(() => expect(result.current.list?.total).toBe(3));

    fresh.answer(jsonResponse(200, nextBest(5)));
    await waitFor(() => expect(result.current.list?.total).toBe(5));
    expect(callsTo(fetchMock, `GET ${NEXT_BEST}`)).toHaveLength(1);
    unmount();
  });

  it("holds Today's cards back until each of its reads has an answer or a copy on the device", async () => {
    const queue = later();
    const { startFirstReads, useTodayReadsPending, renderHook, waitFor, user } = await withSavedNextBest(
      async (url) => {
        if (url === '/api/outgoing') return queue.response();
        if (url === NEXT_BEST) return new Promise<Response>(() => undefined);
        return jsonResponse(200, { clients: [], conversations: [], unread: 0 });
      },
    );

    startFirstReads(user, '/today');
    const { result, unmount } = renderHook(() => useTodayReadsPending());
    expect(result.current).toBe(true);
    // The next best touches have a copy and the check-ins their answer; the queue is still under way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(true);

    queue.answer(jsonResponse(200, { messages: [], awaiting: 0 }));
    await waitFor(() => expect(result.current).toBe(false));
    unmount();
  });
});
