// "Approve all", Today's or a broadcast's: the server stops each request before the API's time limit and says where
// to go on; the report says how many went, how many wait for their time or for later days, and why.
import type { ApproveAllResult } from '@shared/api-types';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { approvalReport, approveAllWaiting } from './approve-all';

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

describe('approveAllWaiting', () => {
  it("follows continueAfter until nothing remains, and adds the parts up (a broadcast's)", async () => {
    const answers = [
      part({ sent: 3, heldBack: 1, lastSendDate: '2026-11-26', remaining: 4, continueAfter: 'm3' }),
      part({ sent: 1, failed: 1, heldBack: 1, lastSendDate: '2026-11-27', remaining: 1, continueAfter: 'm6' }),
      part({ scheduled: 1 }),
    ];
    const fetchMock = mockApi({ 'POST /api/outgoing/approve-all': () => jsonResponse(200, answers.shift()) });

    const result = await approveAllWaiting('b1');

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

  it("approves the whole of Today's queue in one request when the server gets through it", async () => {
    const fetchMock = mockApi({ 'POST /api/outgoing/approve-all': () => jsonResponse(200, part({ sent: 5 })) });
    expect(await approveAllWaiting()).toEqual(part({ sent: 5 }));
    expect(callsTo(fetchMock, 'POST /api/outgoing/approve-all').map((call) => call.body)).toEqual([{}]);
  });
});

describe('approvalReport', () => {
  it('says how many went, waited for their time or for later days, and why', () => {
    expect(approvalReport(part({ sent: 3, scheduled: 1, heldBack: 2, failed: 1, lastSendDate: '2026-11-27' }))).toEqual(
      {
        title: '3 messages sent, 1 scheduled for its time, 2 scheduled for later days',
        reasons: [
          'Your daily sending limit was reached: those 2 go out on the next days with room, the last on Fri, Nov 27, 2026.',
          '1 message could not be approved and still waits on Today: approve it there to see why.',
        ],
        tone: 'warning',
      },
    );
  });

  it('gives no reason when every message went, and says when none did', () => {
    expect(approvalReport(part({ sent: 1, scheduled: 2 }))).toEqual({
      title: '1 message sent, 2 scheduled for their time',
      reasons: [],
      tone: 'success',
    });
    expect(approvalReport(part({ heldBack: 1, lastSendDate: '2026-11-27' })).tone).toBe('info');
    expect(approvalReport(part({ failed: 2 })).title).toBe('Nothing was approved');
  });
});
