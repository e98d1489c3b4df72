// GET /api/user: the signed-in user (401 when logged out).
import { toPublicUser } from '../../data/users';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('user/get-user', {}, async ({ user }) => ({ body: toPublicUser(user) }));
