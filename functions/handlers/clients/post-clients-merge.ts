// POST /api/clients/merge { keepId, mergeId }: merges one of the agent's clients into another (undo for 10 minutes).
import * as yup from 'yup';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { MERGE_ANSWERS } from '../../http/merge-refusals';
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
  {
    body: schema,
    errors: CLIENT_WRITE_ERRORS,
    refusals: refusalAnswers<RefusalOf<typeof mergeClients>>(MERGE_ANSWERS),
  },
  async ({ user, body }) => {
    const merged = await mergeClients(user.id, body.keepId, body.mergeId);
    return isRefusal(merged) ? merged : { body: merged };
  },
);
