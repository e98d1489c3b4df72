// The client form's fields and what saving it sends: shared by the agent's and the admin's client
// lists, which edit the same client through different endpoints. The fields are the shared schema's.
import { EDITABLE_CLIENT_FIELDS, type ClientChanges, type ClientInput } from '@shared/client-schema';

export { CLIENT_FIELDS, type ClientField } from '@shared/client-schema';

/** Every field an edit sends, and the referrer when the form changed it. */
type FormChanges = Required<Omit<ClientChanges, 'referredBy'>> & Pick<ClientChanges, 'referredBy'>;

/**
 * The PATCH body for an edit: every field of the form is sent, a blank optional one as null so it is cleared (the
 * time zone, custom dates and rhythm too: the form edits them). The referrer only when the form changed it (the id, or
 * null once cleared): a referrer no longer in the book is not sent back with every edit.
 */
export function toClientChanges(input: ClientInput): FormChanges {
  // Required fields are always in a validated input, so only optional ones become null.
  return {
    ...Object.fromEntries(EDITABLE_CLIENT_FIELDS.map((field) => [field, input[field] ?? null])),
    timeZone: input.timeZone ?? null,
    keyDates: input.keyDates ?? [],
    cadenceDays: input.cadenceDays ?? null,
    ...(input.referredBy === undefined ? {} : { referredBy: input.referredBy }),
  } as FormChanges;
}
