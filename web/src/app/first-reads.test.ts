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

/**
 * Fresh modules for each test (React and the testing library with them, so the hook runs with the same React): SWR
 * keeps the reads it preloads in its default cache until a hook takes them.
 */
async function load() {
  jest.resetModules();
  const { startFirstReads } = await import('./first-reads');
  const { useOutgoing } = await import('../features/automations/api/get-outgoing');
  const { renderHook, waitFor } = await import('@testing-library/react/pure');
  return { startFirstReads, useOutgoing, renderHook, waitFor };
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
