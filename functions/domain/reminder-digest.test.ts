import {
  buildDigest,
  clientsOwedHomeownerMilestones,
  digestEmail,
  digestSms,
  digestSubject,
  EMAIL_LIST_LIMIT,
  isEmptyDigest,
} from './reminder-digest';

const APP = 'https://app.example.com';
// Sunday 9 March 2025 (a common year, the day New York moves its clocks).
const TODAY = '2025-03-09';

const clients = [
  { id: 'a', name: 'Maria Lopez', birthday: '1985-03-09' },
  { id: 'b', name: 'Ben Ng', anniversary: '2010-03-12', purchaseDate: '2020-03-09' },
  { id: 'c', name: 'Chloé <Leap> & Co', birthday: '1992-02-29' },
  { id: 'd', name: 'Dan Park', purchaseDate: '2024-03-16' },
  { id: 'e', name: 'Eve Far', birthday: '1990-03-17' },
  { id: 'f', name: 'Fresh Buyer', purchaseDate: '2025-03-10' },
];

describe('the digest for a fixed date', () => {
  it("lists today's events and the next 7 days' by the shared reminder rules", () => {
    const digest = buildDigest(clients, TODAY, 7);
    expect(digest.today.map((e) => [e.date, e.type, e.clientName])).toEqual([
      ['2025-03-09', '5 Year Home Anniversary', 'Ben Ng'],
      ['2025-03-09', 'Birthday', 'Maria Lopez'],
    ]);
    expect(digest.upcoming.map((e) => [e.date, e.type, e.clientName])).toEqual([
      ['2025-03-12', 'Anniversary', 'Ben Ng'],
      ['2025-03-16', '1 Year Home Anniversary', 'Dan Park'],
    ]);
  });

  it('looks 1, 3 or 14 days ahead as the agent chose', () => {
    expect(buildDigest(clients, TODAY, 1).upcoming).toEqual([]);
    expect(buildDigest(clients, TODAY, 3).upcoming.map((e) => e.clientName)).toEqual(['Ben Ng']);
    expect(buildDigest(clients, TODAY, 14).upcoming.map((e) => e.clientName)).toEqual([
      'Ben Ng',
      'Dan Park',
      'Eve Far',
    ]);
  });

  it('puts a birthday without a year (imported from a phone) in the digest every year, as a plain Birthday', () => {
    const noYear = [{ id: 'y', name: 'José Ñúñez', birthday: '--03-09' }];
    for (const date of ['2025-03-09', '2026-03-09']) {
      const digest = buildDigest(noYear, date, 7);
      expect(digest.today.map((e) => [e.date, e.type, e.clientName])).toEqual([[date, 'Birthday', 'José Ñúñez']]);
      expect(digestEmail(digest, { agentName: 'Jordan Rivera', appUrl: APP }).text).toContain('José Ñúñez');
    }
  });

  it('puts a 29 February birthday on 28 February in a common year, and on the 29th in a leap year', () => {
    expect(buildDigest(clients, '2025-02-28', 1).today.map((e) => e.clientName)).toEqual(['Chloé <Leap> & Co']);
    expect(buildDigest(clients, '2028-02-28', 1).today).toEqual([]);
    expect(buildDigest(clients, '2028-02-29', 1).today.map((e) => e.clientName)).toEqual(['Chloé <Leap> & Co']);
  });

  it('has nothing to say on a quiet day, and shows no home anniversary below one year', () => {
    const digest = buildDigest(
      [
        { id: 'f', name: 'Fresh Buyer', purchaseDate: '2025-03-10' },
        { id: 'x', name: 'No Dates' },
      ],
      TODAY,
      14,
    );
    expect(isEmptyDigest(digest)).toBe(true);
  });
});

describe('the digest e-mail', () => {
  const digest = buildDigest(clients, TODAY, 7);
  const email = digestEmail(digest, { agentName: 'Jordan Rivera', appUrl: APP });

  it('says in the subject how many dates are today and coming up', () => {
    expect(email.subject).toBe('Client reminders for Sunday, March 9: 2 today, 2 in the next 7 days');
    expect(digestSubject(buildDigest(clients, TODAY, 1))).toBe('Client reminders for Sunday, March 9: 2 today');
    expect(digestSubject(buildDigest([{ id: 'b', name: 'Ben', anniversary: '2010-03-10' }], TODAY, 1))).toBe(
      'Client reminders for Sunday, March 9: 1 tomorrow',
    );
  });

  it('lists each event in plain text, with links to the reminders, the clients and the settings', () => {
    expect(email.text).toBe(
      [
        'Hi Jordan,',
        '',
        'Today, Sunday, March 9:',
        '  - 5 Year Home Anniversary: Ben Ng',
        '  - Birthday: Maria Lopez',
        '',
        'Coming up in the next 7 days:',
        '  - Wed, Mar 12 - Anniversary: Ben Ng',
        '  - Sun, Mar 16 - 1 Year Home Anniversary: Dan Park',
        '',
        `All your reminders: ${APP}/reminders`,
        `Your clients: ${APP}/clients`,
        '',
        `You get this e-mail every morning there is something to remember. Change it in Settings: ${APP}/settings`,
        '',
      ].join('\n'),
    );
  });

  it('escapes client names in the HTML part and links into the app', () => {
    const leap = digestEmail(buildDigest(clients, '2025-02-28', 7), { agentName: 'Jordan', appUrl: APP });
    expect(leap.html).toContain('Birthday: Chloé &lt;Leap&gt; &amp; Co');
    expect(leap.html).not.toContain('<Leap>');
    expect(email.html).toContain(`<a href="${APP}/reminders">`);
    expect(email.html).toContain(`<a href="${APP}/clients">`);
    expect(email.html).toContain(`<a href="${APP}/settings">`);
  });

  it('keeps a long list short and points to the app for the rest', () => {
    const many = Array.from({ length: EMAIL_LIST_LIMIT.upcoming + 5 }, (_, i) => ({
      id: `m${i}`,
      name: `Client ${i}`,
      birthday: '1980-03-10',
    }));
    const long = digestEmail(buildDigest(many, TODAY, 7), { agentName: 'Jordan', appUrl: APP });
    expect(long.text.match(/ - Mon, Mar 10 - Birthday/g)).toHaveLength(EMAIL_LIST_LIMIT.upcoming);
    expect(long.text).toContain(`...and 5 more: ${APP}/reminders`);
  });
});

describe('the digest SMS', () => {
  it("is one line with today's first event, how many more, and the link", () => {
    const sms = digestSms(buildDigest(clients, TODAY, 7), APP);
    expect(sms).toBe(
      `Reminders - Today: 5 Year Home Anniversary: Ben Ng and 1 more. 2 more dates in the next 7 days. ${APP}/reminders`,
    );
    expect(sms).not.toMatch(/\n/);
  });

  it('names the soonest date when nothing is today', () => {
    const sms = digestSms(buildDigest([{ id: 'e', name: 'Eve   Far', birthday: '1990-03-17' }], TODAY, 14), APP);
    expect(sms).toBe(
      `Reminders - 1 client date in the next 14 days, first Birthday: Eve Far on Mar 17. ${APP}/reminders`,
    );
  });

  it('fits one SMS (160 characters) even with a very long name', () => {
    const sms = digestSms(buildDigest([{ id: 'l', name: 'L'.repeat(300), birthday: '1990-03-09' }], TODAY, 7), APP);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toContain('...');
  });

  it('names whom to contact on a day without dates, in one SMS however long the reasons', () => {
    const quiet = buildDigest([], TODAY, 7);
    const touch = (name: string) => ({ name, reason: 'Not contacted since you added them 358 days ago' });
    expect(digestSms({ ...quiet, touches: [{ name: 'Maria Lopez', reason: 'Birthday today' }] }, APP)).toBe(
      `Reminders - contact today: Maria Lopez (Birthday today). ${APP}/today`,
    );
    const sms = digestSms({ ...quiet, touches: [touch('Maria Lopez'), touch('Ben Ng'), touch('L'.repeat(300))] }, APP);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toMatch(
      /^Reminders - contact today: Maria Lopez \(Not contacted since .*\.\.\.\. https:\/\/app\.example\.com\/today$/,
    );
  });
});

describe('a Google connection that needs the agent', () => {
  const quiet = { ...buildDigest([], TODAY, 7), attention: ['Google Contacts stopped syncing: connect again.'] };

  it('is worth a digest on its own: said first in the e-mail with the way to Settings, in the subject and the SMS', () => {
    expect(isEmptyDigest(quiet)).toBe(false);
    const email = digestEmail(quiet, { agentName: 'Jordan Rivera', appUrl: APP });
    expect(email.subject).toBe('Client reminders for Sunday, March 9: Google needs you');
    expect(email.text).toContain(
      `Hi Jordan,\n\nGoogle Contacts stopped syncing: connect again.\nOpen Settings: ${APP}/settings`,
    );
    expect(email.html).toContain('<strong>Google Contacts stopped syncing: connect again.</strong>');
    expect(digestSms(quiet, APP)).toBe(`Reminders - Google needs you: open Settings. ${APP}/settings`);
  });
});

describe('homeowner milestones owed', () => {
  it('picks the clients whose home anniversary has come and is not yet awarded', () => {
    const owed = clientsOwedHomeownerMilestones(
      [
        {
          id: 'b',
          name: 'Ben',
          purchaseDate: '2020-03-09',
          awardedMilestones: ['homeowner-1', 'homeowner-2', 'homeowner-3', 'homeowner-4'],
        },
        {
          id: 'done',
          name: 'Done',
          purchaseDate: '2020-03-09',
          awardedMilestones: new Set(['homeowner-1', 'homeowner-2', 'homeowner-3', 'homeowner-4', 'homeowner-5']),
        },
        { id: 'soon', name: 'Soon', purchaseDate: '2024-03-10', awardedMilestones: [] },
        { id: 'none', name: 'None' },
      ],
      TODAY,
    );
    expect(owed.map((c) => c.id)).toEqual(['b']);
  });
});
