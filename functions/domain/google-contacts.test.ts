// A Google contact read as a client draft, and matched to the agent's clients (pure rules; the import's API test runs
// them against the fake Google).
import {
  agentEdits,
  clientMatcher,
  matchClient,
  mergeContact,
  personDraft,
  personOf,
  readGoogleImportLine,
  withClientBlanks,
  withFirstValue,
} from './google-contacts';
import { ImportFormatError } from './import-rows';

const draftOf = (person: Record<string, unknown>) => {
  const warnings: string[] = [];
  return { draft: personDraft({ resourceName: 'people/c1', ...person }, (m) => warnings.push(m)), warnings };
};

describe('a Google contact as a client', () => {
  it('takes the first e-mail and number that hold something, and puts a name together from its parts', () => {
    const { draft } = draftOf({
      names: [{ givenName: 'Ana', familyName: 'Ruiz' }],
      emailAddresses: [{ value: ' ' }, { value: 'Ana@Example.com ' }],
      phoneNumbers: [{}, { value: '(512) 555-0100' }],
    });
    expect(draft).toMatchObject({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(512) 555-0100' });
  });

  it('keeps a birthday without its year, and leaves out an anniversary without one, saying so', () => {
    const { draft, warnings } = draftOf({
      birthdays: [{ text: 'spring' }, { date: { month: 2, day: 29 } }],
      events: [{ type: 'anniversary', date: { month: 6, day: 1 } }],
    });
    expect(draft).toMatchObject({ birthday: '--02-29', anniversary: '' });
    expect(warnings).toEqual(['anniversary: --06-01 has no year, so it was left empty']);
  });

  it('makes every other dated event a key date labelled as Google labels it, the first ten of them', () => {
    const events = Array.from({ length: 12 }, (_, i) => ({
      type: 'custom',
      ...(i === 0 ? { formattedType: `  First   showing ${'x'.repeat(60)}` } : {}),
      date: { year: 2020, month: 1, day: i + 1 },
    }));
    const { draft, warnings } = draftOf({ events: [...events, { type: 'other', date: { year: 2021 } }] });
    expect(draft.keyDates).toHaveLength(10);
    expect(draft.keyDates![0]!.label).toHaveLength(40);
    expect(draft.keyDates![0]!.label.startsWith('First showing x')).toBe(true);
    expect(draft.keyDates![1]).toEqual({ label: 'custom', date: '2020-01-02' });
    expect(warnings).toEqual(['Only the first 10 of 12 dates were kept']);
  });
});

describe('matching a contact to a client', () => {
  const matcher = clientMatcher([
    { id: 'ana', email: 'Ana@example.com', phone: '+15125550100' },
    { id: 'bo', email: 'bo@example.com', phone: '512-555-0101' },
    { id: 'cy', email: 'cy@example.com', phone: '(512) 555-0102' },
    { id: 'di', email: 'di@example.com', phone: '+1 512 555 0102' },
  ]);

  it('finds the client by e-mail first, then by the one client with the number', () => {
    expect(matchClient(matcher, 'ANA@example.com', '+15125550101')).toBe('ana');
    expect(matchClient(matcher, 'new@example.com', '(512) 555-0101')).toBe('bo');
    expect(matchClient(matcher, 'new@example.com', '+15125550199')).toBeUndefined();
  });

  it('matches nobody on a number two clients share', () => {
    expect(matchClient(matcher, 'new@example.com', '512 555 0102')).toBeUndefined();
  });
});

describe("a line of the import's file", () => {
  it.each(['not json', '{}', '{"draft":{},"warnings":[],"link":{"resourceName":"people/c1"}}', 'null'])(
    'refuses %s as a file that was not the import’s',
    (line) => {
      expect(() => readGoogleImportLine(line, 3)).toThrow(
        new ImportFormatError('Contact 3 of the Google contacts import could not be read.'),
      );
    },
  );
});

describe('merging a linked contact (e-mail and phone, both ways)', () => {
  const base = {
    google: { email: 'ana@gmail.com', phone: '512 555 0100' },
    client: { email: 'ana@example.com', phone: '+15125550100' },
  };

  it('takes what Google changed and the agent did not', () => {
    const out = mergeContact(base, { email: 'ana@gmail.com', phone: '512 555 0199' }, base.client);
    expect(out.changes).toEqual({ phone: '512 555 0199' });
    expect(out.conflicts).toEqual([]);
    expect(out.base).toEqual({
      google: { email: 'ana@gmail.com', phone: '512 555 0199' },
      client: { email: 'ana@example.com', phone: '512 555 0199' },
    });
  });

  it('keeps the agent’s value when both changed it, as a conflict', () => {
    const client = { ...base.client, email: 'ana.new@example.com' };
    const out = mergeContact(base, { ...base.google, email: 'ana.work@gmail.com' }, client);
    expect(out.changes).toEqual({});
    expect(out.conflicts).toEqual([{ field: 'email', google: 'ana.work@gmail.com', client: 'ana.new@example.com' }]);
  });

  it('changes nothing when only the agent changed, when Google cleared a value, or without a base', () => {
    const client = { ...base.client, phone: '+15125550111' };
    expect(mergeContact(base, base.google, client)).toMatchObject({ changes: {}, conflicts: [] });
    expect(mergeContact(base, { ...base.google, phone: '' }, base.client).changes).toEqual({});
    expect(mergeContact(undefined, { email: 'x@gmail.com', phone: '5125550000' }, base.client)).toMatchObject({
      changes: {},
      base: { google: { email: 'x@gmail.com' }, client: base.client },
    });
  });

  it('is no conflict when both sides changed a field to the same value', () => {
    const same = 'ana.same@example.com';
    const out = mergeContact(base, { ...base.google, email: same }, { ...base.client, email: same });
    expect(out).toMatchObject({ changes: {}, conflicts: [] });
  });
});

describe('what goes out to Google', () => {
  it('makes a client a contact with name, e-mail, phone and birthday (no year when it has none), in the group', () => {
    expect(
      personOf({ name: 'Gus Lee', email: 'gus@example.com', phone: '+1 512 555 0150', birthday: '--07-04' }, 'g/1'),
    ).toEqual({
      names: [{ displayName: 'Gus Lee', givenName: 'Gus Lee' }],
      emailAddresses: [{ value: 'gus@example.com' }],
      phoneNumbers: [{ value: '+1 512 555 0150' }],
      birthdays: [{ date: { month: 7, day: 4 } }],
      memberships: [{ contactGroupMembership: { contactGroupResourceName: 'g/1' } }],
    });
    expect(personOf({ name: 'Ann', email: '', phone: '', birthday: '1980-03-14' }).birthdays).toEqual([
      { date: { year: 1980, month: 3, day: 14 } },
    ]);
  });

  it('puts the agent’s value first, taking out the one it replaces and keeping the contact’s others', () => {
    const person = { resourceName: 'people/c1', phoneNumbers: [{ value: 'old' }, { value: 'work' }] };
    expect(withFirstValue(person, 'phone', 'new', 'old').phoneNumbers).toEqual([{ value: 'new' }, { value: 'work' }]);
  });

  it('finds the fields the agent changed since the last sync, never one they cleared', () => {
    const base = { google: { email: 'a@x.com', phone: '1' }, client: { email: 'a@x.com', phone: '1' } };
    expect(agentEdits(base, { email: 'b@x.com', phone: '1' })).toEqual(['email']);
    expect(agentEdits(base, { email: 'a@x.com', phone: '' })).toEqual([]);
    expect(agentEdits(undefined, { email: 'b@x.com', phone: '2' })).toEqual([]);
  });

  it('completes a matched contact’s blank name, e-mail and phone from its client, so a contact without a phone links', () => {
    const draft = draftOf({ emailAddresses: [{ value: 'ana@example.com' }] }).draft;
    expect(
      withClientBlanks(draft, { name: 'Ana Ruiz', email: 'other@example.com', phone: '5125550100' }),
    ).toMatchObject({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '5125550100' });
    expect(withClientBlanks(draft, undefined)).toBe(draft);
  });
});
