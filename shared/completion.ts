// Profile completeness: the share of the seven profile items a client has filled.

export const PROFILE_ITEMS = [
  'name',
  'email',
  'phone',
  'birthday',
  'anniversary',
  'purchaseDate',
  'reviewSubmitted',
] as const;

export type ProfileItem = (typeof PROFILE_ITEMS)[number];

export const PROFILE_ITEM_LABELS: Record<ProfileItem, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  purchaseDate: 'Purchase date',
  reviewSubmitted: 'Review submitted',
};

export type CompletionClient = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  birthday?: string | null;
  anniversary?: string | null;
  purchaseDate?: string | null;
  reviewStatus?: string | null;
};

function hasItem(client: CompletionClient, item: ProfileItem): boolean {
  if (item === 'reviewSubmitted') return client.reviewStatus === 'submitted';
  const value = client[item];
  return typeof value === 'string' && value.trim() !== '';
}

/** The items still to fill, in PROFILE_ITEMS order. */
export function missingProfileItems(client: CompletionClient): ProfileItem[] {
  return PROFILE_ITEMS.filter((item) => !hasItem(client, item));
}

/** Whole percent of the items filled. */
export function profileCompletion(client: CompletionClient): number {
  const filled = PROFILE_ITEMS.length - missingProfileItems(client).length;
  return Math.round((filled / PROFILE_ITEMS.length) * 100);
}
