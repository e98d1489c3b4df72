// GET /api/clients: a page of the signed-in agent's clients, like every other list (functions/data/client-lists.ts):
// `{ clients, nextCursor, total }`, 50 a page unless asked (`limit`, at most 500), by name unless sorted otherwise
// (`sort`, `order`), the next page by `cursor`; `q` finds clients a word of whose name, or whose e-mail, starts with
// each word of it (case and accents aside); `tag` keeps the clients with that tag (with any of the others; `total` then
// counts the tagged clients, or those that also match `q`). A bare GET is the first page by name: the whole book is
// never read on a request.
// `due=check-in` (with limit and cursor, not q or sort): the clients whose keep-in-touch rhythm says they are due on
// the agent's today, longest due first, from the check-in index (functions/data/check-ins.ts); `total` counts them.
import * as yup from 'yup';
import { CLIENT_PAGE, CLIENT_SORTS, type ClientSort, type SortOrder } from '@shared/api-types';
import { tagSchema } from '@shared/tags';
import { CURSOR_ERRORS, pageQuery } from '../../http/admin-pages';
import type { InvalidInput } from '../../domain/refusals';
import { refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { invalidInputAnswer } from '../../http/request-refusals';
import { clientPage, dueForCheckInClientPage } from '../../services/client-pages';

export const CLIENT_LIST_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${CLIENT_PAGE.max}`,
  sort: `sort must be one of ${CLIENT_SORTS.join(', ')}`,
  order: 'order must be asc or desc',
  q: 'Search for at most 100 characters, with at least one letter or digit',
  due: 'due must be check-in',
  dueAlone:
    'due=check-in lists the due clients by how long they are due: it takes limit and cursor, not q, tag, sort or order',
} as const;

const query = pageQuery(CLIENT_PAGE.max).shape({
  q: yup
    .string()
    .max(100, CLIENT_LIST_MESSAGES.q)
    .test(
      'q-word',
      CLIENT_LIST_MESSAGES.q,
      (value) => value === undefined || value.trim() === '' || /[\p{L}\p{N}]/u.test(value),
    ),
  sort: yup.string<ClientSort>().oneOf(CLIENT_SORTS, CLIENT_LIST_MESSAGES.sort),
  order: yup.string<SortOrder>().oneOf(['asc', 'desc'] as const, CLIENT_LIST_MESSAGES.order),
  due: yup.string<'check-in'>().oneOf(['check-in'] as const, CLIENT_LIST_MESSAGES.due),
  tag: tagSchema,
});

export const handler = defineHandler(
  'clients/get-clients',
  {
    query,
    errors: CURSOR_ERRORS,
    refusals: refusalAnswers<InvalidInput>({ 'invalid-input': invalidInputAnswer('VALIDATION_FAILED') }),
  },
  async ({ user, query }) => {
    const limit = query.limit ? Number(query.limit) : CLIENT_PAGE.default;
    const cursor = query.cursor || undefined;
    if (query.due) {
      if (query.q !== undefined || query.tag !== undefined || query.sort || query.order)
        return { kind: 'invalid-input', problem: CLIENT_LIST_MESSAGES.dueAlone, field: 'due' };
      return { body: await dueForCheckInClientPage(user, { limit, cursor }) };
    }
    const sort = query.sort ?? 'name';
    const body = await clientPage(user, {
      limit,
      cursor,
      q: query.q?.trim() ? query.q : undefined,
      sort,
      order: query.order ?? (sort === 'created' || sort === 'lastContact' ? 'desc' : 'asc'),
      tag: query.tag,
    });
    return { body };
  },
);
