import type { ReminderEvent } from '@shared/reminders';
import { approvalsNotification, digestNotification, replyNotification } from './push-notifications';

const event = (clientName: string, date = '2025-03-09'): ReminderEvent => ({
  clientId: `id-${clientName}`,
  clientName,
  date,
  type: 'Birthday',
  kind: 'birthday',
});

describe('the digest notification', () => {
  it("names today's first date and how many more, and opens Today", () => {
    const { message, options } = digestNotification({
      today: [event('Maria Lopez'), event('Ben Ng')],
      upcoming: [event('Far Away', '2025-03-12')],
      leadDays: 7,
    });
    expect(message).toEqual({
      title: "Today's reminders",
      body: expect.stringMatching(/^Today: .*Maria Lopez.* and 1 more\.$/),
      url: '/today',
    });
    expect(options).toMatchObject({ topic: 'digest', urgency: 'normal' });
    expect(options.ttlSeconds).toBeLessThanOrEqual(24 * 3600);
  });

  it('counts the coming dates when today has none, and opens the reminders', () => {
    const { message } = digestNotification({ today: [], upcoming: [event('A'), event('B')], leadDays: 7 });
    expect(message.body).toMatch(/^2 client dates /);
    expect(message.url).toBe('/reminders');
  });
});

describe('the reply notification', () => {
  it("is urgent, names the client, cuts a long reply, and opens the client's conversation", () => {
    const { message, options } = replyNotification({
      clientId: 'c1',
      clientName: 'Anna Keller',
      excerpt: 'x'.repeat(500),
    });
    expect(message.title).toBe('Anna Keller replied');
    expect(message.body.length).toBeLessThanOrEqual(160);
    expect(message.body.endsWith('…')).toBe(true);
    expect(message.url).toBe('/inbox/c1');
    expect(options.urgency).toBe('high');
  });
});

describe('the approvals notification', () => {
  it('counts the messages waiting, in the singular and the plural', () => {
    expect(approvalsNotification(1).message.body).toBe('1 automatic message is waiting for your approval.');
    expect(approvalsNotification(3).message.body).toBe('3 automatic messages are waiting for your approval.');
    expect(approvalsNotification(3).message.url).toBe('/today');
  });
});
