// Whether a Google review is by a given client, from the names alone: Google shows a reviewer's
// profile name, which is usually the full name or the first name and last initial ("Maria L.").
// Case, accents, punctuation, emoji and name suffixes are ignored; hyphens and spaces are the same.

const LETTER_MAP: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/** The name as comparable words: lowercase, no accents, no punctuation or emoji, no Jr./Sr. */
export function nameWords(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => LETTER_MAP[c] ?? c)
    .replace(/['’`.]/g, '')
    .replace(/[^\p{L}\p{N}-]+/gu, ' ');
  const words = plain.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words;
}

/** Hyphenated and spaced spellings compare equal: "Mary-Jane" is "Mary Jane". */
const joined = (words: readonly string[]) => words.join('').replace(/-/g, '');
const initialsOf = (words: readonly string[]) => new Set(words.flatMap((w) => w.split('-')).map((w) => w.charAt(0)));

export function isReviewByClient(clientName: string, reviewerName: string): boolean {
  const client = nameWords(clientName);
  const reviewer = nameWords(reviewerName);
  if (client.length === 0 || reviewer.length === 0) return false;
  // The same name, however it is spaced or hyphenated.
  if (joined(client) === joined(reviewer)) return true;
  if (client.length < 2 || reviewer.length < 2) return false;
  const last = reviewer[reviewer.length - 1]!;
  if (last.replace(/-/g, '').length === 1) {
    // First name(s) and a last initial: "Maria L." for Maria Lopez, "Mary-Jane S." for Mary Jane Smith.
    const given = joined(reviewer.slice(0, -1));
    for (let k = 1; k < client.length; k += 1) {
      if (joined(client.slice(0, k)) === given && initialsOf(client.slice(k)).has(last.charAt(0))) return true;
    }
    return false;
  }
  // Same first and last name, with a middle name on one side only: "Maria Elena Lopez" / "Maria Lopez".
  return (
    client[0] === reviewer[0] &&
    client[client.length - 1] === reviewer[reviewer.length - 1] &&
    Math.min(client.length, reviewer.length) === 2
  );
}

/** The first review whose author is the client, if any. */
export function findClientReview<T extends { authorName: string }>(
  clientName: string,
  reviews: readonly T[],
): T | undefined {
  return reviews.find((review) => isReviewByClient(clientName, review.authorName));
}
