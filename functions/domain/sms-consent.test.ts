import { currentSmsConsent, nextSmsConsent, textsAllowed } from './sms-consent';

const at = '2026-03-10T15:00:00.000Z';
const none = { status: 'none', source: null, at: null } as const;
const revoked = { status: 'revoked', source: 'keyword', at } as const;

describe('a client’s consent to texts', () => {
  it('is none for a client stored before consent was recorded, and texts are not allowed', () => {
    expect(currentSmsConsent({})).toEqual(none);
    expect(textsAllowed({})).toBe(false);
  });

  it('is revoked for a client who opted out, whatever was recorded before the STOP', () => {
    const granted = { status: 'granted', source: 'agent-attested', at: '2026-01-01T00:00:00.000Z' } as const;
    expect(currentSmsConsent({ smsConsent: granted, smsOptedOut: true, smsOptedOutAt: at })).toEqual(revoked);
    expect(textsAllowed({ smsConsent: granted, smsOptedOut: true })).toBe(false);
    expect(textsAllowed({ smsConsent: granted })).toBe(true);
  });

  it('refuses the agent, a form and an import once the client revoked it; only the client’s keyword gives it again', () => {
    for (const source of ['agent-attested', 'client-form', 'import'] as const) {
      expect(nextSmsConsent(revoked, { status: 'granted', source }, at)).toEqual({ kind: 'opted-out' });
      expect(nextSmsConsent(revoked, { status: 'none', source }, at)).toEqual({ kind: 'opted-out' });
    }
    expect(nextSmsConsent(revoked, { status: 'granted', source: 'keyword' }, at)).toEqual({
      kind: 'set',
      consent: { status: 'granted', source: 'keyword', at },
    });
  });

  it('gives back by keyword only a consent a keyword revoked: not one the agent revoked or took back, or none', () => {
    const keyword = { status: 'granted', source: 'keyword' } as const;
    const byAgent = { status: 'revoked', source: 'agent-attested', at } as const;
    const withdrawn = { status: 'none', source: 'agent-attested', at } as const;
    for (const current of [byAgent, withdrawn, none]) {
      expect(nextSmsConsent(current, keyword, at)).toEqual({ kind: 'unchanged' });
    }
  });

  it('confirms by the number’s YES only a consent pending from the directory form, keeping its words', () => {
    const pending = { status: 'pending', source: 'client-form', at, words: 'I agree' } as const;
    const confirm = { status: 'granted', source: 'form-confirmed' } as const;
    const later = '2026-03-11T15:00:00.000Z';
    expect(nextSmsConsent(pending, confirm, later)).toEqual({
      kind: 'set',
      consent: { status: 'granted', source: 'form-confirmed', at: later, words: 'I agree' },
    });
    const granted = { status: 'granted', source: 'agent-attested', at } as const;
    for (const current of [none, revoked, granted]) {
      expect(nextSmsConsent(current, confirm, later)).toEqual({ kind: 'unchanged' });
    }
    expect(textsAllowed({ smsConsent: pending })).toBe(false);
  });

  it('never lets a pending consent take the place of one that counts', () => {
    const granted = { status: 'granted', source: 'agent-attested', at } as const;
    const pending = { status: 'pending', source: 'client-form', words: 'I agree' } as const;
    expect(nextSmsConsent(granted, pending, at)).toEqual({ kind: 'unchanged' });
    expect(nextSmsConsent(revoked, pending, at)).toEqual({ kind: 'opted-out' });
    expect(nextSmsConsent(none, pending, at).kind).toBe('set');
  });

  it('records the words a form’s consent was given with, and changes nothing when asked for what is recorded', () => {
    const step = nextSmsConsent(none, { status: 'granted', source: 'client-form', words: 'I agree' }, at);
    expect(step).toEqual({ kind: 'set', consent: { status: 'granted', source: 'client-form', at, words: 'I agree' } });
    const granted = { status: 'granted', source: 'agent-attested', at } as const;
    expect(nextSmsConsent(granted, { status: 'granted', source: 'agent-attested' }, at)).toEqual({ kind: 'unchanged' });
    expect(nextSmsConsent(granted, { status: 'revoked', source: 'keyword' }, at).kind).toBe('set');
  });
});
