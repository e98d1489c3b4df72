import {
  findClientReview,
  isReviewByClient,
  nameAgreement,
  nameWords,
  suggestMatch,
  type MatchCandidate,
} from './review-match';

describe('matching a Google reviewer to a client by name', () => {
  it.each([
    // [client name, reviewer as Google shows them]
    ['Maria Lopez', 'Maria Lopez'],
    ['Maria Lopez', 'maria lopez'],
    ['Maria Lopez', 'MARIA LOPEZ'],
    ['Maria Lopez', 'Maria L.'],
    ['Maria Lopez', 'Maria L'],
    ['José García', 'Jose Garcia'],
    ['Jose Garcia', 'José García'],
    ['Zoë Ångström', 'Zoe A.'],
    ['Søren Kierkegaard', 'Soren Kierkegaard'],
    ['Mary-Jane Smith', 'Mary Jane Smith'],
    ['Mary Jane Smith', 'Mary-Jane S.'],
    ['Anna Smith-Jones', 'Anna S.'],
    ['Anna Smith-Jones', 'Anna Smith Jones'],
    ["Sean O'Brien", 'Sean OBrien'],
    ["Sean O'Brien", 'Seán O’Brien'],
    ['Maria Elena Lopez', 'Maria Lopez'],
    ['Maria Lopez', 'Maria Elena Lopez'],
    ['Maria Elena Lopez', 'Maria L.'],
    ['Robert Johnson Jr.', 'Robert Johnson'],
    ['Robert Johnson', 'Robert Johnson Jr'],
    ['Cher', 'Cher'],
    ['Priya Patel', 'Priya Patel 🏡'],
    ['Priya Patel', '✨ Priya P. ✨'],
    ['  Daniel   Kim ', 'Daniel Kim'],
  ])('%s matches the reviewer "%s"', (client, reviewer) => {
    expect(isReviewByClient(client, reviewer)).toBe(true);
  });

  it.each([
    ['Maria Lopez', 'Maria Garcia'],
    ['Maria Lopez', 'Maria G.'],
    ['Maria Lopez', 'Mario L.'],
    ['Maria Lopez', 'Maria'],
    ['Maria Lopez', 'Lopez'],
    ['Cher', 'Cher B.'],
    ['Maria Elena Lopez', 'Maria Ana Lopez'],
    ['Daniel Kim', 'Kim Daniel'],
    ['Priya Patel', '🏡'],
    ['Priya Patel', ''],
    ['', 'Priya Patel'],
    ['A Smith', 'Anna Smith'],
  ])('%s does not match the reviewer "%s"', (client, reviewer) => {
    expect(isReviewByClient(client, reviewer)).toBe(false);
  });

  it('reads names as plain lowercase words without accents, punctuation, emoji or suffixes', () => {
    expect(nameWords('  Dr. José-Luis  García Jr. 🎉')).toEqual(['dr', 'jose-luis', 'garcia']);
  });

  it('finds the review among several by its author', () => {
    const reviews = [{ authorName: 'Tom B.' }, { authorName: 'Maria L.' }, { authorName: 'Maria Lopez' }];
    expect(findClientReview('Maria Lopez', reviews)).toBe(reviews[1]);
    expect(findClientReview('Sam Lee', reviews)).toBeUndefined();
  });
});

describe('suggesting which client wrote a Business Profile review', () => {
  const review = (displayName: string, createTime = '2026-05-20T12:00:00Z', isAnonymous = false) => ({
    displayName,
    isAnonymous,
    createTime,
  });
  const asked = (clientId: string, name: string, requestedAt: string | null, openedAt: string | null = null) =>
    ({ clientId, name, requestedAt, openedAt }) satisfies MatchCandidate;

  it.each([
    // [client, display name, least score]
    ['Jane Doe', 'Jane Doe', 0.9],
    ['Jane Doe', 'JANE DOE', 0.9],
    ['José García', 'Jose Garcia', 0.9],
    ['Jane Doe', 'Jane D.', 0.75],
    ['Robert Smith', 'Bob Smith', 0.7],
    ['Robert Smith', 'Bob S.', 0.6],
    ['Elizabeth Walker', 'Liz Walker', 0.7],
    ['Jane Doe', 'J.D.', 0.35],
    ['Jane Doe', 'JD', 0.35],
    ['Jane Doe', 'Jane', 0.4],
  ])('%s and "%s" agree (score %s)', (client, shown, score) => {
    expect(nameAgreement(client, shown).score).toBe(score);
  });

  it.each([
    ['Jane Doe', 'John Doe'],
    ['Jane Doe', 'J. Smith'],
    ['Jane Doe', 'Doe'],
    ['Robert Smith', 'Bob Jones'],
  ])('%s and "%s" do not agree', (client, shown) => {
    expect(nameAgreement(client, shown).score).toBe(0);
  });

  it.each([
    // [what, display name, candidates, expected client or null, least confidence]
    ['one client asked, the full name', 'Jane Doe', [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z')], 'c1', 0.9],
    [
      'the link opened the same day adds confidence',
      'Jane D.',
      [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z', '2026-05-20T09:00:00Z')],
      'c1',
      0.9,
    ],
    [
      'first name and initial, asked 10 days before',
      'Jane D.',
      [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z')],
      'c1',
      0.75,
    ],
    ['a first name alone is not enough', 'Jane', [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z')], null, 0],
    [
      'initials with the link opened just before',
      'JD',
      [asked('c1', 'Jane Doe', '2026-05-18T00:00:00Z', '2026-05-20T10:00:00Z')],
      'c1',
      0.5,
    ],
    [
      'two clients with the same surname: the first name decides',
      'Jane D.',
      [asked('c1', 'John Doe', '2026-05-10T00:00:00Z'), asked('c2', 'Jane Doe', '2026-05-10T00:00:00Z')],
      'c2',
      0.75,
    ],
    [
      'two clients who fit the name equally: no suggestion',
      'Jane D.',
      [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z'), asked('c2', 'Jane Dunn', '2026-05-10T00:00:00Z')],
      null,
      0,
    ],
    [
      'two clients who fit the name, one opened the link: that one, less surely',
      'Jane D.',
      [
        asked('c1', 'Jane Dunn', '2026-05-10T00:00:00Z'),
        asked('c2', 'Jane Doe', '2026-05-10T00:00:00Z', '2026-05-19T00:00:00Z'),
      ],
      'c2',
      0.7,
    ],
    [
      'a review written before the request is never matched',
      'Jane Doe',
      [asked('c1', 'Jane Doe', '2026-05-21T00:00:00Z')],
      null,
      0,
    ],
    [
      'a request more than 30 days before the review is outside the window',
      'Jane Doe',
      [asked('c1', 'Jane Doe', '2026-04-01T00:00:00Z')],
      null,
      0,
    ],
    ['nobody asked', 'Jane Doe', [], null, 0],
  ] as const)('%s', (_what, shown, candidates, expected, least) => {
    const found = suggestMatch(review(shown), candidates);
    if (expected === null) expect(found).toBeNull();
    else {
      expect(found).toMatchObject({ clientId: expected });
      expect(found!.confidence).toBeGreaterThanOrEqual(least);
      expect(found!.confidence).toBeLessThanOrEqual(1);
      expect(found!.evidence.length).toBeGreaterThan(0);
    }
  });

  it('never matches an anonymous reviewer, whatever the name shown', () => {
    const candidates = [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z', '2026-05-20T09:00:00Z')];
    expect(suggestMatch(review('Jane Doe', '2026-05-20T12:00:00Z', true), candidates)).toBeNull();
  });

  it('does not suggest again a client the agent dismissed for this review', () => {
    const candidates = [asked('c1', 'Jane Doe', '2026-05-10T00:00:00Z')];
    expect(suggestMatch(review('Jane Doe'), candidates, ['c1'])).toBeNull();
  });
});
