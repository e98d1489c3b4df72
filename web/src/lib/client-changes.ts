// The client form's fields and what saving it sends: shared by the agent's and the admin's client
// lists, which edit the same client through different endpoints.
import type { ClientInput } from '../../../shared/client-schema';

export const CLIENT_FIELDS = ['name', 'email', 'phone', 'address', 'birthday', 'anniversary', 'purchaseDate'] as const;

export type ClientField = (typeof CLIENT_FIELDS)[number];

/** The PATCH body for an edit: every field is sent, a blank optional one as null so it is cleared. */
export function toClientChanges(input: ClientInput) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address ?? null,
    birthday: input.birthday ?? null,
    anniversary: input.anniversary ?? null,
    purchaseDate: input.purchaseDate ?? null,
  };
}
