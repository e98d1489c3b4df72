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

// Suggesting who wrote a Business Profile review: Google gives only the reviewer's display name, so a review is
// scored against the clients who were asked (requested, or who opened the tracked link) in the 30 days before it was
// written, by how well the names agree, how soon after opening the link it came, and whether another client fits as
// well. Only a suggestion: the agent confirms or dismisses it.

/** A client asked for a review in the window: when asked and when they opened the review link (ISO instants). */
export type MatchCandidate = { clientId: string; name: string; requestedAt: string | null; openedAt: string | null };
export type MatchableReview = { displayName: string | null; isAnonymous: boolean; createTime: string };
export type MatchSuggestion = { clientId: string; clientName: string; confidence: number; evidence: string[] };

/** How long before a review a request or an opened link may have come. */
export const MATCH_WINDOW_DAYS = 30;
/** The least confidence a suggestion needs. */
export const MATCH_THRESHOLD = 0.5;
const DAY_MS = 86_400_000;

/** A few common English and Spanish nicknames, by formal first name. */
const NICKNAMES: Record<string, readonly string[]> = {
  robert: ['bob', 'bobby', 'rob', 'robbie'],
  william: ['bill', 'billy', 'will', 'liam'],
  elizabeth: ['liz', 'lizzie', 'beth', 'betty', 'eliza'],
  katherine: ['kate', 'katie', 'kathy'],
  catherine: ['cathy', 'cat', 'kate'],
  michael: ['mike', 'mikey'],
  james: ['jim', 'jimmy', 'jamie'],
  jennifer: ['jen', 'jenny'],
  richard: ['rick', 'rich', 'richie'],
  thomas: ['tom', 'tommy'],
  christopher: ['chris'],
  margaret: ['maggie', 'meg', 'peggy'],
  daniel: ['dan', 'danny'],
  joseph: ['joe', 'joey'],
  anthony: ['tony'],
  alexander: ['alex'],
  alexandra: ['alex', 'sasha'],
  patricia: ['pat', 'patty', 'trish'],
  susan: ['sue', 'susie'],
  matthew: ['matt'],
  andrew: ['andy', 'drew'],
  steven: ['steve'],
  stephen: ['steve'],
  edward: ['ed', 'eddie', 'ted'],
  nicholas: ['nick'],
  francisco: ['paco', 'pancho'],
  jose: ['pepe'],
};

const sameFirstName = (a: string, b: string): 'same' | 'nickname' | null => {
  if (a === b) return 'same';
  if (NICKNAMES[a]?.includes(b) || NICKNAMES[b]?.includes(a)) return 'nickname';
  return null;
};

/** How well a display name fits a client's name (0: not at all), and why. */
export function nameAgreement(clientName: string, displayName: string): { score: number; why: string } {
  const none = { score: 0, why: '' };
  if (isReviewByClient(clientName, displayName)) {
    const exact = joined(nameWords(clientName)) === joined(nameWords(displayName));
    if (exact) return { score: 0.9, why: 'the same name' };
    const shown = nameWords(displayName);
    const initial = shown.length > 1 && shown[shown.length - 1]!.replace(/-/g, '').length === 1;
    return { score: 0.75, why: initial ? 'the same first name and last initial' : 'the same first and last name' };
  }
  const client = nameWords(clientName).flatMap((w) => w.split('-'));
  const reviewer = nameWords(displayName).flatMap((w) => w.split('-'));
  if (client.length === 0 || reviewer.length === 0) return none;
  const first = sameFirstName(client[0]!, reviewer[0]!);
  if (client.length >= 2 && reviewer.length >= 2 && first === 'nickname') {
    const last = reviewer[reviewer.length - 1]!;
    if (last === client[client.length - 1])
      return { score: 0.7, why: 'a nickname of the first name and the same last name' };
    if (last.length === 1 && client.slice(1).some((w) => w.startsWith(last)))
      return { score: 0.6, why: 'a nickname of the first name and the last initial' };
  }
  // Initials only: "J.D." or "JD" for Jane Doe.
  const initials = client.map((w) => w.charAt(0)).join('');
  const given = reviewer.join('');
  if (client.length >= 2 && reviewer.every((w) => w.length <= 2) && given === initials)
    return { score: 0.35, why: 'the same initials' };
  // The first name alone: "Jane" for Jane Doe.
  if (reviewer.length === 1 && client.length >= 2 && first) return { score: 0.4, why: 'the same first name only' };
  return none;
}

/**
 * The client who most likely wrote the review, or null: never for an anonymous reviewer, never a client asked after
 * the review was written, and never a client the agent already dismissed for this review.
 */
export function suggestMatch(
  review: MatchableReview,
  candidates: readonly MatchCandidate[],
  dismissed: readonly string[] = [],
): MatchSuggestion | null {
  const name = review.displayName?.trim();
  const written = Date.parse(review.createTime);
  if (review.isAnonymous || !name || !Number.isFinite(written)) return null;
  const inWindow = (at: string | null) => {
    const t = at ? Date.parse(at) : NaN;
    return Number.isFinite(t) && t <= written && written - t <= MATCH_WINDOW_DAYS * DAY_MS;
  };
  const scored = candidates
    .filter((c) => !dismissed.includes(c.clientId) && (inWindow(c.requestedAt) || inWindow(c.openedAt)))
    .filter((c) => !c.requestedAt || Date.parse(c.requestedAt) <= written)
    .map((c) => {
      const agreement = nameAgreement(c.name, name);
      const evidence = agreement.score > 0 ? [`The reviewer "${name}" has ${agreement.why} as ${c.name}.`] : [];
      let score = agreement.score;
      if (agreement.score > 0 && inWindow(c.openedAt)) {
        const days = (written - Date.parse(c.openedAt!)) / DAY_MS;
        score += days <= 3 ? 0.15 : 0.08;
        evidence.push(
          days < 1
            ? 'They opened your review link the same day.'
            : `They opened your review link ${Math.round(days)} ${Math.round(days) === 1 ? 'day' : 'days'} before.`,
        );
      } else if (agreement.score > 0) {
        const days = Math.round((written - Date.parse(c.requestedAt!)) / DAY_MS);
        evidence.push(
          `You asked them for a review ${days === 0 ? 'the same day' : `${days} ${days === 1 ? 'day' : 'days'} before`}.`,
        );
      }
      return { candidate: c, score, nameScore: agreement.score, evidence };
    })
    .filter((s) => s.nameScore > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return null;
  const rivals = scored.filter((s) => s !== best && s.nameScore >= best.nameScore);
  let confidence = best.score;
  if (rivals.length > 0) {
    // Another client fits the name as well: only the link opened sets them apart, and less surely.
    if (best.score - rivals[0]!.score < 0.05) return null;
    confidence -= 0.2;
    best.evidence.push(`${rivals.length + 1} clients you asked fit this name; ${best.candidate.name} opened the link.`);
  } else if (scored.length === 1) {
    best.evidence.push('No other client you asked fits this name.');
  }
  confidence = Math.min(1, Math.round(confidence * 100) / 100);
  if (confidence < MATCH_THRESHOLD) return null;
  return { clientId: best.candidate.clientId, clientName: best.candidate.name, confidence, evidence: best.evidence };
}
