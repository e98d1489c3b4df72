// A client's tags: the rules the API, the bulk actions and the form share. A tag is 1–32 characters after trimming;
// a client has at most 20; two tags that differ only in case or accents are one tag, kept as first written.
import * as yup from 'yup';

export const TAG_MAX_LENGTH = 32;
export const TAGS_PER_CLIENT_MAX = 20;

export const TAG_MESSAGES = {
  list: 'tags must be a list of words',
  empty: 'A tag cannot be empty',
  tooLong: `A tag is at most ${TAG_MAX_LENGTH} characters`,
  tooMany: `A client has at most ${TAGS_PER_CLIENT_MAX} tags`,
} as const;

/** The key a tag is compared, counted and indexed by: lower case, accents off, inner spaces collapsed. */
export function foldTag(tag: string): string {
  return tag.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** Each tag trimmed (inner runs of spaces made one), and a tag equal to an earlier one after folding left out. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = foldTag(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** Whether the client's tags include this one (case and accents aside). */
export function hasTag(tags: readonly string[] | undefined, tag: string): boolean {
  const key = foldTag(tag);
  return (tags ?? []).some((own) => foldTag(own) === key);
}

/** The tags with one more (unchanged when it is there already, whatever its case). */
export function withTag(tags: readonly string[] | undefined, tag: string): string[] {
  return uniqueTags([...(tags ?? []), tag]);
}

/** The tags without this one (case and accents aside). */
export function withoutTag(tags: readonly string[] | undefined, tag: string): string[] {
  const key = foldTag(tag);
  return (tags ?? []).filter((own) => foldTag(own) !== key);
}

/** One tag as a field of its own (the bulk action's `tag`, the list's `?tag=`). */
export const tagSchema = yup
  .string()
  .strict(false)
  .trim()
  .min(1, TAG_MESSAGES.empty)
  .max(TAG_MAX_LENGTH, TAG_MESSAGES.tooLong);

/** A client's tags: null means none; duplicates after folding are dropped, the first kept. */
export const tagsSchema = yup
  .array()
  .transform((value: unknown) => (value === null ? [] : value))
  .typeError(TAG_MESSAGES.list)
  .of(
    yup
      .string()
      .strict(true)
      .typeError(TAG_MESSAGES.list)
      .test('tag-empty', TAG_MESSAGES.empty, (value) => value === undefined || value.trim().length > 0)
      .test('tag-length', TAG_MESSAGES.tooLong, (value) => value === undefined || value.trim().length <= TAG_MAX_LENGTH)
      .required(TAG_MESSAGES.empty),
  )
  .transform((value: unknown) =>
    Array.isArray(value) && value.every((t) => typeof t === 'string') ? uniqueTags(value) : value,
  )
  .max(TAGS_PER_CLIENT_MAX, TAG_MESSAGES.tooMany);
