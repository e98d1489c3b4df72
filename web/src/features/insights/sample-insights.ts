// The made-up figures a free agent sees, blurred, behind the Pro upsell of /insights: the page's
// layout filled in, so they can see what Insights would tell them. Nobody's real data.
import type { Insights, InsightsMonth, QuietClient } from '@shared/api-types';
import { bareClient } from '@/lib/bare-client';

/** A made-up quiet client (nobody's real data; never sent to the composer: the sample is not interactive). */
function sampleClient(id: string, name: string, email: string, lastContactAt: string | null): QuietClient {
  return {
    ...bareClient({ id, agentId: 'sample', name, email, phone: '', createdAt: '2025-01-20T10:00:00.000Z' }),
    lastContactDate: lastContactAt,
    lastContactAt,
  };
}

function month(
  id: string,
  [emailManual, emailAuto, smsManual, smsAuto, call, meeting, note]: readonly number[],
  [due, messaged]: readonly number[],
): InsightsMonth {
  return {
    month: id,
    touches: {
      email: { manual: emailManual!, auto: emailAuto! },
      sms: { manual: smsManual!, auto: smsAuto! },
      call: call!,
      meeting: meeting!,
      note: note!,
    },
    occasions: { due: due!, messaged: messaged! },
    reviews: { requested: 2, submitted: 1 },
    invitations: { sent: 3, completed: 2 },
    optOuts: 0,
    bounces: 0,
  };
}

const months: InsightsMonth[] = [
  month('2025-01', [6, 4, 3, 2, 4, 1, 2], [6, 5]),
  month('2025-02', [5, 5, 2, 3, 3, 2, 1], [5, 4]),
  month('2025-03', [8, 6, 4, 2, 5, 1, 3], [7, 6]),
  month('2025-04', [7, 7, 3, 4, 6, 2, 2], [8, 7]),
  month('2025-05', [9, 8, 5, 3, 4, 3, 2], [9, 8]),
  month('2025-06', [10, 9, 4, 5, 7, 2, 3], [10, 9]),
  month('2025-07', [8, 10, 6, 4, 5, 3, 2], [9, 9]),
  month('2025-08', [11, 9, 5, 6, 6, 2, 4], [11, 10]),
  month('2025-09', [9, 11, 4, 5, 8, 3, 2], [10, 9]),
  month('2025-10', [12, 10, 6, 6, 7, 3, 3], [12, 11]),
  month('2025-11', [10, 12, 5, 7, 6, 4, 2], [11, 10]),
  month('2025-12', [13, 12, 7, 6, 9, 3, 4], [13, 12]),
];

export const SAMPLE_INSIGHTS: Insights = {
  timeZone: 'America/New_York',
  googleRating: {
    locationTitle: 'Your office',
    averageRating: 4.8,
    totalReviewCount: 57,
    lastSyncAt: '2025-12-31T09:00:00.000Z',
  },
  months,
  totals: {
    touches: { total: 447, manual: 291, auto: 156 },
    occasions: { due: 111, messaged: 100, rate: 100 / 111 },
    reviews: { requested: 24, clicked: 17, reviewed: 12, submitted: 12, rate: 0.5, medianDays: 4 },
    invitations: { sent: 36, completed: 24, rate: 24 / 36 },
    optOuts: 1,
    bounces: 2,
  },
  reach: {
    quietDays: 90,
    count: 7,
    clients: [
      sampleClient('sample-1', 'Alex Sample', 'alex@example.com', '2025-08-14T15:00:00.000Z'),
      sampleClient('sample-2', 'Jordan Example', 'jordan@example.com', '2025-07-02T15:00:00.000Z'),
      sampleClient('sample-3', 'Casey Placeholder', 'casey@example.com', null),
    ],
  },
  book: {
    clients: 86,
    completion: [
      { band: '0-24', count: 4 },
      { band: '25-49', count: 11 },
      { band: '50-74', count: 23 },
      { band: '75-99', count: 30 },
      { band: '100', count: 18 },
    ],
    occasionsNext30: 9,
    occasionsNext90: 27,
  },
};
