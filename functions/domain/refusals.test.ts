// A refusal is told from an outcome by its kind, at run time as in the types.
import { isRefusal, type Refusal } from './refusals';

describe('isRefusal', () => {
  it('knows a refusal by its kind', () => {
    const refusals: Refusal[] = [
      { kind: 'not-found', what: 'client' },
      { kind: 'opted-out', channel: 'sms' },
      { kind: 'daily-limit', channel: 'email', limit: 2, resetsAt: '2030-01-02T00:00:00.000Z', timeZone: 'UTC' },
    ];
    for (const refusal of refusals) expect(isRefusal(refusal)).toBe(true);
  });

  it('takes anything else for an outcome, a `kind` no refusal has included', () => {
    for (const outcome of [undefined, null, 'agent-id', 42, [], { status: 'sent' }, { kind: 'import' }, { kind: 7 }])
      expect(isRefusal(outcome)).toBe(false);
  });
});
