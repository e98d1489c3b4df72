import {
  editDistance,
  findDuplicateGroups,
  foldedName,
  mailbox,
  MAX_KEY_DATES,
  MAX_TAGS,
  mergedFields,
  unmergedFields,
  phoneDigits,
  sameDay,
  type DuplicateCandidate,
} from './duplicates';

let serial = 0;
/** A client of the book; each one created a minute after the last, with its own mailbox and number. */
function client(fields: Partial<DuplicateCandidate> = {}): DuplicateCandidate {
  serial += 1;
  return {
    id: `c${serial}`,
    name: `Client Number${serial}`,
    email: `client${serial}@example.com`,
    phone: `+1 512 555 ${String(1000 + serial).slice(-4)}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, serial)).toISOString(),
    ...fields,
  };
}

describe('phoneDigits', () => {
  it('reads a North American number with or without its country code, and an international 00 prefix, as the same digits', () => {
    expect(phoneDigits('(512) 555-0101')).toBe('15125550101');
    expect(phoneDigits('+1 512 555 0101')).toBe('15125550101');
    expect(phoneDigits('001-512-555-0101')).toBe('15125550101');
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
  });
  it('has no digits for a number too short to be one', () => {
    expect(phoneDigits('555-01')).toBeUndefined();
    expect(phoneDigits('')).toBeUndefined();
  });
  it('has none for a client stored without a phone (a directory registration, an old import), rather than failing', () => {
    expect(phoneDigits(undefined)).toBeUndefined();
  });
});

describe('foldedName and mailbox', () => {
  it('folds case, accents, punctuation and suffixes off a name', () => {
    expect(foldedName('  José  ÁLVAREZ Jr. ')).toBe('jose alvarez');
    expect(foldedName("Zoë O'Brien")).toBe('zoe obrien');
  });
  it('reads a +tag and Gmail dots as the same mailbox, other dots as different', () => {
    expect(mailbox('Jane.Doe+home@GoogleMail.com')).toBe('janedoe@gmail.com');
    expect(mailbox('jane.doe+x@work.com')).toBe('jane.doe@work.com');
    expect(mailbox('jane.doe@work.com')).not.toBe(mailbox('janedoe@work.com'));
  });
});

describe('editDistance (Damerau-Levenshtein)', () => {
  it('counts insertions, deletions, substitutions and an adjacent swap as one each', () => {
    expect(editDistance('jon smith', 'john smith')).toBe(1);
    expect(editDistance('jon smith', 'jon smtih')).toBe(1);
    expect(editDistance('maria lopez', 'mario lopes')).toBe(2);
    expect(editDistance('same', 'same')).toBe(0);
  });
  it('stops past the bound, answering bound + 1', () => {
    expect(editDistance('maria lopez', 'peter parker', 2)).toBe(3);
    expect(editDistance('ab', 'abcdef', 2)).toBe(3);
  });
});

describe('sameDay', () => {
  it('matches equal dates, and a day without its year with any year of that day', () => {
    expect(sameDay('1980-05-04', '1980-05-04')).toBe(true);
    expect(sameDay('--05-04', '1980-05-04')).toBe(true);
    expect(sameDay('1981-05-04', '1980-05-04')).toBe(false);
    expect(sameDay('--05-04', '--05-05')).toBe(false);
  });
});

describe('findDuplicateGroups', () => {
  it('groups clients with the same number however it is written, oldest first', () => {
    const a = client({ phone: '(512) 555-0199' });
    const b = client({ phone: '+1 512-555-0199', name: 'Someone Else' });
    const c = client({ phone: '5125550199' });
    const other = client();
    expect(findDuplicateGroups([c, other, b, a])).toEqual([{ clientIds: [a.id, b.id, c.id], reason: 'phone' }]);
  });

  it('groups the same name after folding case and accents when they share a key date of any kind', () => {
    const a = client({ name: 'José Álvarez', birthday: '1980-05-04' });
    const b = client({ name: 'jose alvarez', keyDates: [{ label: 'Birthday', date: '--05-04' }] });
    const c = client({ name: 'Ana Ruiz', purchaseDate: '2020-03-01' });
    const d = client({ name: 'ANA RUIZ', anniversary: '2020-03-01' });
    expect(findDuplicateGroups([a, b, c, d])).toEqual([
      { clientIds: [a.id, b.id], reason: 'name-and-date' },
      { clientIds: [c.id, d.id], reason: 'name-and-date' },
    ]);
  });

  it('does not group the same name without a shared date', () => {
    const a = client({ name: 'Maria Lopez', birthday: '1980-05-04' });
    const b = client({ name: 'Maria Lopez', birthday: '1981-05-04' });
    const c = client({ name: 'Maria Lopez' });
    expect(findDuplicateGroups([a, b, c])).toEqual([]);
  });

  it('groups similar names (a short edit distance) with the same mailbox', () => {
    const a = client({ name: 'Jon Smith', email: 'jon.smith@gmail.com' });
    const b = client({ name: 'John Smyth', email: 'jonsmith+house@gmail.com' });
    expect(findDuplicateGroups([a, b])).toEqual([{ clientIds: [a.id, b.id], reason: 'similar-name' }]);
  });

  it('groups a first-name initial with the same last name and the same mailbox', () => {
    const a = client({ name: 'Katherine Miller', email: 'kmiller@work.com' });
    const b = client({ name: 'K. Miller', email: 'KMiller+crm@work.com' });
    expect(findDuplicateGroups([a, b])).toEqual([{ clientIds: [a.id, b.id], reason: 'similar-name' }]);
  });

  it('does not group similar names without a matching contact field, nor distant names with one', () => {
    const a = client({ name: 'Jon Smith' });
    const b = client({ name: 'John Smith' });
    const c = client({ name: 'Peter Parker', email: 'shared@example.com' });
    const d = client({ name: 'Mary Jane Watson', email: 'shared+x@example.com' });
    expect(findDuplicateGroups([a, b, c, d])).toEqual([]);
  });

  it('reports a pair once, under its strongest reason', () => {
    const a = client({ name: 'Maria Lopez', phone: '512-555-0142', birthday: '1980-05-04' });
    const b = client({ name: 'Maria Lopez', phone: '+15125550142', birthday: '1980-05-04' });
    expect(findDuplicateGroups([a, b])).toEqual([{ clientIds: [a.id, b.id], reason: 'phone' }]);
  });

  it('joins a chain of matches into one group, and orders groups by reason then by their oldest client', () => {
    const a = client({ name: 'Lee Chan', birthday: '1990-01-02' });
    const b = client({ name: 'Lee Chan', birthday: '1990-01-02', anniversary: '2015-06-07' });
    const c = client({ name: 'Lee Chan', anniversary: '2015-06-07' });
    const p = client({ phone: '512-555-0777' });
    const q = client({ phone: '512-555-0777' });
    expect(findDuplicateGroups([c, q, b, a, p])).toEqual([
      { clientIds: [p.id, q.id], reason: 'phone' },
      { clientIds: [a.id, b.id, c.id], reason: 'name-and-date' },
    ]);
  });

  it('finds the one pair in a book of 5,000', () => {
    const book = Array.from({ length: 5_000 }, (_, i) =>
      client({ name: `Person${i} Family${i % 200}`, phone: String(2_000_000_000 + i) }),
    );
    const twin = client({ name: book[123]!.name, phone: book[123]!.phone });
    const groups = findDuplicateGroups([...book, twin]);
    expect(groups).toEqual([{ clientIds: [book[123]!.id, twin.id], reason: 'phone' }]);
  });
});

describe('mergedFields', () => {
  const keep = { phone: '512-555-0100', address: '1 Main St', birthday: null, tags: ['Buyer'], keyDates: [] };

  it("keeps the kept client's values and fills its empty fields from the other", () => {
    expect(
      mergedFields(keep, {
        phone: '512-555-0199',
        address: '9 Other Rd',
        birthday: '1980-05-04',
        anniversary: '2001-09-09',
        timeZone: 'America/Chicago',
        cadenceDays: 30,
      }),
    ).toEqual({ birthday: '1980-05-04', anniversary: '2001-09-09', timeZone: 'America/Chicago', cadenceDays: 30 });
  });

  it('unites tags case-insensitively as first written and custom dates by label and date', () => {
    const fields = mergedFields(
      { ...keep, keyDates: [{ label: 'Lease ends', date: '2027-03-31' }] },
      {
        phone: keep.phone,
        tags: ['buyer', 'Past client'],
        keyDates: [
          { label: 'lease ends', date: '2027-03-31' },
          { label: "Son's 16th", date: '--08-14' },
        ],
      },
    );
    expect(fields.tags).toEqual(['Buyer', 'Past client']);
    expect(fields.keyDates).toEqual([
      { label: 'Lease ends', date: '2027-03-31' },
      { label: "Son's 16th", date: '--08-14' },
    ]);
  });

  it('respects the limits: the kept ones first, then the other’s until 20 tags and 10 dates', () => {
    const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const dates = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ label: `${prefix}${i}`, date: '2027-01-01' }));
    const fields = mergedFields(
      { ...keep, tags: many(15, 'k'), keyDates: dates(8, 'k') },
      { phone: keep.phone, tags: many(15, 'o'), keyDates: dates(5, 'o') },
    );
    expect(fields.tags).toHaveLength(MAX_TAGS);
    expect(fields.tags!.slice(0, 15)).toEqual(many(15, 'k'));
    expect(fields.keyDates).toHaveLength(MAX_KEY_DATES);
    expect(fields.keyDates!.slice(8).map((d) => d.label)).toEqual(['o0', 'o1']);
  });

  it('takes the later Last Contact, a testimonial and a further review status', () => {
    // What the other client has that the kept one lacks: all of it comes over as it is.
    const further = {
      lastContactDate: '2026-02-01',
      hasTestimonial: true,
      reviewStatus: 'submitted',
      reviewRequestedAt: '2026-01-10T00:00:00.000Z',
      reviewSubmittedAt: '2026-01-12T00:00:00.000Z',
      reviewLinkOpenedAt: '2026-01-11T00:00:00.000Z',
    } as const;
    expect(
      mergedFields({ ...keep, lastContactDate: '2026-01-01', reviewStatus: 'requested' }, { phone: '1', ...further }),
    ).toEqual(further);
    expect(
      mergedFields({ ...keep, lastContactDate: '2026-03-01' }, { phone: '1', lastContactDate: '2026-02-01' }),
    ).toEqual({});
  });

  it("keeps the kept client's own review request when the other's review came without one", () => {
    const asked = { ...keep, reviewStatus: 'requested', reviewRequestedAt: '2026-01-10T00:00:00.000Z' } as const;
    const reviewed = { phone: '1', reviewStatus: 'submitted', reviewSubmittedAt: '2026-01-12T00:00:00.000Z' } as const;
    expect(mergedFields(asked, reviewed)).toEqual({
      reviewStatus: 'submitted',
      reviewSubmittedAt: '2026-01-12T00:00:00.000Z',
    });
  });

  it("carries a text opt-out only when the other's number is the kept client's", () => {
    expect(mergedFields(keep, { phone: '+1 (512) 555-0100', smsOptedOut: true })).toEqual({ smsOptedOut: true });
    expect(mergedFields(keep, { phone: '512-555-0999', smsOptedOut: true })).toEqual({});
  });
});

describe('unmergedFields (a merge undone)', () => {
  type Fields = Record<string, unknown>;
  const before: Fields = { phone: '1', address: '', tags: ['Buyer'], reviewStatus: 'pending' };
  const absorbed: Fields = {
    address: '12 Oak Lane',
    tags: ['Buyer', 'VIP'],
    reviewStatus: 'requested',
    reviewRequestedAt: '2026-01-10T00:00:00.000Z',
    reviewSubmittedAt: null,
    reviewLinkOpenedAt: null,
  };

  it('puts back every field the merge set that nothing changed since, as the client had it (null for nothing)', () => {
    expect(unmergedFields({ ...before, ...absorbed }, before, absorbed)).toEqual({
      address: '',
      tags: ['Buyer'],
      reviewStatus: 'pending',
      reviewRequestedAt: null,
    });
  });

  it('keeps a field changed since, and a review changed since with all its dates', () => {
    const now = {
      ...before,
      ...absorbed,
      tags: ['Buyer', 'VIP', 'Seller'],
      reviewRequestedAt: '2026-02-01T00:00:00.000Z',
      emailOptedOut: true,
    };
    expect(unmergedFields(now, before, absorbed)).toEqual({ address: '' });
  });

  it("gives the other client's request back with its review, whatever the review's status became since", () => {
    // Marked reviewed by hand after the merge, its link opened.
    const now = {
      ...before,
      ...absorbed,
      reviewStatus: 'submitted',
      reviewSubmittedAt: '2026-01-12T00:00:00.000Z',
      reviewLinkOpenedAt: '2026-01-11T00:00:00.000Z',
    };
    expect(unmergedFields(now, before, absorbed)).toEqual({
      address: '',
      tags: ['Buyer'],
      reviewStatus: 'pending',
      reviewRequestedAt: null,
      reviewSubmittedAt: null,
      reviewLinkOpenedAt: null,
    });
  });

  it('puts back a text opt-out with its time and consent only while all three are as the merge set them', () => {
    const optOut: Fields = {
      smsOptedOut: true,
      smsOptedOutAt: '2026-01-10T00:00:00.000Z',
      smsConsent: { status: 'revoked' },
    };
    expect(unmergedFields({ ...before, ...optOut }, before, optOut)).toEqual({
      smsOptedOut: null,
      smsOptedOutAt: null,
      smsConsent: null,
    });
    const consented = { ...optOut, smsOptedOut: false, smsConsent: { status: 'granted' } };
    expect(unmergedFields({ ...before, ...consented }, before, optOut)).toEqual({});
  });
});
