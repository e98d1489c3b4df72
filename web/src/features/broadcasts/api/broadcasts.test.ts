// "Approve all" of a broadcast: the server stops each request before the API's time limit and says where to go on.
import type { ApproveAllResult } from '@shared/api-types';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { approveBroadcast } from './broadcasts';

const part = (overrides: Partial<ApproveAllResult>): ApproveAllResult => ({
  sent: 0,
  scheduled: 0,
  heldBack: 0,
  failed: 0,
  lastSendDate: null,
  remaining: 0,
  continueAfter: null,
  ...overrides,
});

describe('approveBroadcast', () => {
  it('follows continueAfter until nothing remains, and adds the parts up', async () => {
    const answers = [
      part({ sent: 3, heldBack: 1, lastSendDate: '2026-11-26', remaining: 4, continueAfter: 'm3' }),
      part({ sent: 1, failed: 1, heldBack: 1, lastSendDate: '2026-11-27', remaining: 1, continueAfter: 'm6' }),
      part({ scheduled: 1 }),
    ];
    const fetchMock = mockApi({ 'POST /api/outgoing/approve-all': () => jsonResponse(200, answers.shift()) });

    const result = await approveBroadcast('b1');

    expect(callsTo(fetchMock, 'POST /api/outgoing/approve-all').map((call) => call.body)).toEqual([
      { broadcastId: 'b1' },
      { broadcastId: 'b1', after: 'm3' },
      { broadcastId: 'b1', after: 'm6' },
    ]);
    expect(result).toEqual({
      sent: 4,
      scheduled: 1,
      heldBack: 2,
      failed: 1,
      lastSendDate: '2026-11-27',
      remaining: 0,
      continueAfter: null,
    });
  });
});
