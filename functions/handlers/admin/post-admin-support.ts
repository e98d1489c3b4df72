// POST /api/admin/support/{id} { reply?, close? }: an administrator's reply (kept on the request and
// e-mailed to the agent) and/or closing it. A closed request takes no reply (409); closing it again
// answers it as it is.
import { isId } from '@shared/schemas';
import { supportActionSchema } from '@shared/support';
import { actOnSupportRequest } from '../../services/support';
import { badRequest } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'admin/post-admin-support',
  { body: supportActionSchema },
  async ({ user, params, body, log }) => {
    if (!isId(params.id))
      throw badRequest('The support request id in the URL is not valid.', undefined, 'BAD_PATH_PARAMETER');
    return { body: await actOnSupportRequest(user, params.id, body, log) };
  },
);
