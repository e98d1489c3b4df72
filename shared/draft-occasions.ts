// The occasions a message draft is written for: a file of its own, without the draft request's schema
// (shared/drafts.ts re-exports it), so the web app's Today page knows them without bringing yup into its first screen.
export const DRAFT_OCCASIONS = [
  'birthday',
  'anniversary',
  'home-anniversary',
  'review-request',
  'check-in',
  'thank-referrer',
  'custom',
] as const;
export type DraftOccasion = (typeof DRAFT_OCCASIONS)[number];
