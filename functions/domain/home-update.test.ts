// The monthly home update's rules: the day of the month (the first within a week of the client's arrival), the
// cadence as the client clicks or not, and the e-mail's words.
import { dateParts } from '@shared/dates';
import { FHFA_ATTRIBUTION, type HomeValue } from '@shared/home-value';
import fc from 'fast-check';
import {
  HOME_UPDATE_CTA,
  homeUpdateCadence,
  homeUpdateDay,
  homeUpdateEmail,
  homeUpdateIndexSk,
  QUARTERLY_AFTER_UNCLICKED,
  STOP_AFTER_UNCLICKED,
} from './home-update';

describe('the day of the month', () => {
  it('falls 1 to 7 days after the day the client was added (a big import spreads over a week), the 28th at most', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 22 }),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }),
        (id, at) => {
          const createdAt = new Date(at).toISOString();
          const day = homeUpdateDay({ id, createdAt });
          expect(day).toBeGreaterThanOrEqual(1);
          expect(day).toBeLessThanOrEqual(28);
          // The first update's date: within the 7 days after the client was added, counted on a 28-day month.
          const added = Math.min(dateParts(createdAt.slice(0, 10)).day, 28);
          const after = (day - added + 28) % 28;
          expect(after).toBeGreaterThanOrEqual(1);
          expect(after).toBeLessThanOrEqual(7);
        },
      ),
    );
  });

  it('spreads the clients of one day over the week after it', () => {
    const createdAt = '2026-12-02T10:00:00.000Z';
    const days = new Set(Array.from({ length: 200 }, (_, i) => homeUpdateDay({ id: `client-${i}`, createdAt })));
    expect([...days].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('gives an index entry only to a confirmed client with a ZIP code and a purchase date', () => {
    const client = { id: 'c1', createdAt: '2026-12-02T10:00:00.000Z', postalCode: '78704', purchaseDate: '2015-05-20' };
    expect(homeUpdateIndexSk(client)).toMatch(/^(0[3-9])#c1$/);
    expect(homeUpdateIndexSk({ ...client, postalCode: null })).toBeNull();
    expect(homeUpdateIndexSk({ ...client, purchaseDate: null })).toBeNull();
    expect(homeUpdateIndexSk({ ...client, registrationPendingAt: '2026-12-02T10:00:00.000Z' })).toBeNull();
  });
});

describe('the cadence', () => {
  it.each([
    ['a first update', undefined, '2026-12', 'send'],
    ['the month after one', { unclicked: 1, lastSentMonth: '2026-11' }, '2026-12', 'send'],
    ['the same month again', { unclicked: 1, lastSentMonth: '2026-12' }, '2026-12', 'sent'],
    ['after 2 without a click', { unclicked: 2, lastSentMonth: '2026-11' }, '2026-12', 'send'],
    [
      `after ${QUARTERLY_AFTER_UNCLICKED}, a month later`,
      { unclicked: 3, lastSentMonth: '2026-11' },
      '2026-12',
      'resting',
    ],
    [
      `after ${QUARTERLY_AFTER_UNCLICKED}, two months later`,
      { unclicked: 3, lastSentMonth: '2026-10' },
      '2026-12',
      'resting',
    ],
    [
      `after ${QUARTERLY_AFTER_UNCLICKED}, three months later`,
      { unclicked: 3, lastSentMonth: '2026-09' },
      '2026-12',
      'send',
    ],
    ['across the new year', { unclicked: 4, lastSentMonth: '2026-10' }, '2027-01', 'send'],
    [`after ${STOP_AFTER_UNCLICKED} without a click`, { unclicked: 6, lastSentMonth: '2026-06' }, '2026-12', 'stopped'],
    ['after a click (the count started again)', { unclicked: 0, lastSentMonth: '2026-11' }, '2026-12', 'send'],
  ] as const)('%s: %s', (_name, state, month, expected) => {
    expect(homeUpdateCadence(state, month)).toBe(expected);
  });
});

describe('the e-mail', () => {
  const value: HomeValue = {
    estimateLow: 512000,
    estimateHigh: 561000,
    changeSincePurchasePct: 34.2,
    yearChangePct: -2.5,
    geoUsed: { level: 'zip3', code: '787', label: 'ZIP codes 787xx' },
    fromQuarter: '2015Q2',
    vintage: { through: '2022Q4', fetchedAt: '2026-12-01T09:15:00.000Z' },
    attribution: FHFA_ATTRIBUTION,
  };
  const email = (v: HomeValue) =>
    homeUpdateEmail({ clientFirstName: 'Maria', agentName: 'Jordan Rivera', value: v, link: 'https://app.test/h' });

  it('gives the range, the change since purchase, the local year, one call to action, the method and FHFA’s line', () => {
    const { subject, body } = email(value);
    expect(subject).toBe("Your home's value this month, Maria");
    expect(body).toBe(
      [
        'Hi Maria,',
        '',
        "Here is this month's estimate of your home's value: $512,000 to $561,000.",
        'Homes like yours in ZIP codes 787xx are up 34.2% since you bought.',
        'Over the last year, prices in ZIP codes 787xx went down 2.5%.',
        '',
        `${HOME_UPDATE_CTA} https://app.test/h`,
        '',
        'An index-based estimate for your area, not an appraisal (FHFA House Price Index, through 2022Q4).',
        FHFA_ATTRIBUTION,
        '',
        'Jordan Rivera',
      ].join('\n'),
    );
    expect(HOME_UPDATE_CTA).toBe('Want a real number? Ask me for a free home valuation.');
  });

  it('says the change alone without a purchase price, and no year line without the year', () => {
    const { body } = email({ ...value, estimateLow: null, estimateHigh: null, yearChangePct: null });
    expect(body).toContain("Here is this month's update on your home's value.");
    expect(body).not.toContain('$');
    expect(body).not.toContain('Over the last year');
    expect(body).toContain(FHFA_ATTRIBUTION);
  });
});
