// PATCH /api/user/business: the agent's Google Place ID, business name and location (all required).
import { businessProfileSchema } from '@shared/schemas';
import { toPublicUser, updateBusinessProfile } from '../../data/users';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'user/patch-user-business',
  { body: businessProfileSchema },
  async ({ user, body }) => {
    const updated = await updateBusinessProfile(user.id, body);
    return { body: toPublicUser(updated) };
  },
);
