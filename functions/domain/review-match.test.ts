import { findClientReview, isReviewByClient, nameWords } from './review-match';

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
