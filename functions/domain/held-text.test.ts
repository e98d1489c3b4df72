import { automaticPaused, heldTextVerdict, HELD_TEXT_PROBLEMS, type HeldTextClient } from './held-text';
import { hasForeignContact } from './draft-output';

const granted = { status: 'granted', source: 'agent-attested', at: '2026-01-01T00:00:00.000Z' } as const;
const client: HeldTextClient = { phone: '(512) 555-0100', timeZone: 'America/Chicago', smsConsent: granted };
const message = { to: '+15125550100', automatic: true };
const US = ['US'];
// 14:00 and 21:30 in Chicago (UTC-6 in November).
const afternoon = new Date('2026-11-20T20:00:00.000Z');
const lateEvening = new Date('2026-11-21T03:30:00.000Z');

describe('a held text when it comes due', () => {
  it('goes to a client who agreed, at the number it was written for, within 8:00–21:00 there', () => {
    expect(heldTextVerdict(message, client, 'UTC', US, afternoon)).toEqual({ go: true });
  });

  it('waits for the client’s next 8:00 when the run comes after 21:00 there', () => {
    expect(heldTextVerdict(message, client, 'UTC', US, lateEvening)).toEqual({
      go: false,
      later: new Date('2026-11-21T14:00:00.000Z'),
    });
  });

  it('does not go after a STOP, without consent, or to a changed number', () => {
    const stopped = heldTextVerdict(message, { ...client, smsOptedOut: true }, 'UTC', US, afternoon);
    expect(stopped).toEqual({ go: false, problem: HELD_TEXT_PROBLEMS.optedOut, optedOut: true });
    const none = heldTextVerdict(message, { ...client, smsConsent: undefined }, 'UTC', US, afternoon);
    expect(none).toEqual({ go: false, problem: HELD_TEXT_PROBLEMS.noConsent, optedOut: false });
    const moved = heldTextVerdict(message, { ...client, phone: '(512) 555-0199' }, 'UTC', US, afternoon);
    expect(moved).toEqual({ go: false, problem: HELD_TEXT_PROBLEMS.numberChanged, optedOut: false });
  });

  it('does not go while the client’s automatic messages are paused (by the agent, or until a date after a reply)', () => {
    const until = { ...client, repliesPauseUntil: '2026-12-01T00:00:00.000Z' };
    expect(heldTextVerdict(message, until, 'UTC', US, afternoon)).toMatchObject({ problem: HELD_TEXT_PROBLEMS.paused });
    expect(automaticPaused({ ...client, automationsPaused: true }, afternoon)).toBe(true);
    expect(automaticPaused({ ...client, repliesPauseUntil: '2026-11-01T00:00:00.000Z' }, afternoon)).toBe(false);
    // The agent's own text, held for 8:00, is not an automatic message.
    expect(heldTextVerdict({ ...message, automatic: false }, until, 'UTC', US, afternoon)).toEqual({ go: true });
  });
});

describe('contacts in a model’s draft', () => {
  const agent = { email: 'dana@example.com', phone: '(512) 555-0100' };

  it('allows the agent’s own e-mail and number, however the number is written', () => {
    expect(hasForeignContact('Write to dana@example.com or call +1 512-555-0100.', agent)).toBe(false);
    expect(hasForeignContact('Call me at (512) 555 0100', agent)).toBe(false);
  });

  it('refuses any other e-mail address or phone number', () => {
    expect(hasForeignContact('Reply to help@evil-domain.test', agent)).toBe(true);
    expect(hasForeignContact('Call 800-555-0199 now', agent)).toBe(true);
    expect(hasForeignContact('Text +44 20 7946 0018', agent)).toBe(true);
  });

  it('does not take dates, years and prices for phone numbers', () => {
    expect(hasForeignContact('Since 2019-08-01, your 5th year in the home; it sold for $450,000.', agent)).toBe(false);
  });
});
