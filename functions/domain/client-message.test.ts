import { SMS_STOP_NOTICE } from '@shared/messages';
import { dueHour } from '../data/messages';
import { composeAgentEmail, composeText, textDeliveryTime } from './client-message';

describe('textDeliveryTime (quiet hours 8:00–21:00 in the client zone)', () => {
  it.each([
    ['America/Chicago', '2026-07-01T13:00:00Z', null], // 8:00 CDT: at once
    ['America/Chicago', '2026-07-02T01:59:00Z', null], // 20:59 CDT
    ['America/Chicago', '2026-07-02T02:00:00Z', '2026-07-02T13:00:00.000Z'], // 21:00 CDT: tomorrow 8:00
    ['America/Chicago', '2026-07-01T12:59:00Z', '2026-07-01T13:00:00.000Z'], // 7:59 CDT: today 8:00
    ['Asia/Kolkata', '2026-07-01T20:00:00Z', '2026-07-02T02:30:00.000Z'], // 1:30 IST: 8:00 IST is 2:30 UTC
    ['America/New_York', '2026-03-08T06:30:00Z', '2026-03-08T12:00:00.000Z'], // 1:30 EST on the DST morning: 8:00 EDT
  ])('in %s at %s sends at %s (null: now)', (zone, now, expected) => {
    const when = textDeliveryTime(zone, new Date(now));
    expect(when.now ? null : when.sendAt.toISOString()).toBe(expected);
  });

  it("keys a half-hour zone's 8:00 by the first hourly run after it, never before", () => {
    expect(dueHour('2026-07-02T02:30:00.000Z')).toBe('2026-07-02T03');
    expect(dueHour('2026-07-02T13:00:00.000Z')).toBe('2026-07-02T13');
  });
});

describe('composed messages', () => {
  it('adds the STOP notice to the first text only', () => {
    expect(composeText(' Hi Maria! ', true)).toBe(`Hi Maria!\n\n${SMS_STOP_NOTICE}`);
    expect(composeText('Hi Maria!', false)).toBe('Hi Maria!');
  });

  it('escapes the body and defangs agent names in the footer and display name', () => {
    const email = composeAgentEmail(
      {
        fullName: 'Jane <b>Doe</b> evil.example',
        username: 'jane@example.com',
        businessName: 'Visit http://evil.example',
        businessLocation: '1 Main St',
      },
      'Hello\r\nBcc: x@y.z',
      '<script>alert(1)</script>',
      'https://app.example/unsubscribe/t',
    );
    expect(email.html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(email.html).not.toContain('http://evil.example');
    expect(email.fromName).toBe('Jane <b>Doe</b> evil[.]example via Hearthside');
    expect(email.subject).toBe('Hello Bcc: x@y.z');
    expect(email.replyTo).toBe('jane@example.com');
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
