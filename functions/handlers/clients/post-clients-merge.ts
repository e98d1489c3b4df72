// POST /api/clients/merge { keepId, mergeId }: merges one of the agent's clients into another (undo for 10 minutes).
import * as yup from 'yup';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { defineHandler } from '../../http/handler';
import { mergeRefusalAnswer } from '../../http/merge-answers';
import { mergeClients } from '../../services/client-merge';

const clientId = (label: string) =>
  yup
    .string()
    .strict()
    .required(`${label} is required`)
    .max(64, `${label} must be at most 64 characters`)
    .matches(/^[A-Za-z0-9_-]+$/, `${label} is not a client id`);

const schema = yup.object({
  keepId: clientId('keepId'),
  mergeId: clientId('mergeId').test(
    'different',
    'Choose two different clients: keepId and mergeId are the same',
    function (value) {
      return value !== this.parent.keepId;
    },
  ),
});

export const handler = defineHandler(
  'clients/post-clients-merge',
  { body: schema, errors: CLIENT_WRITE_ERRORS },
  async ({ user, body }) => {
    const merged = await mergeClients(user.id, body.keepId, body.mergeId);
    if ('kind' in merged) throw mergeRefusalAnswer(merged);
    return { body: merged };
  },
);
