// The query of a paged list (the admin lists, the clients, the reminders): a page size and the cursor
// the previous page handed out.
import * as yup from 'yup';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, InvalidCursorError } from '../domain/admin-pages';
import { badRequest, errorAnswer } from './errors';
import { wholeNumberParam } from './query-numbers';

const CURSOR_MESSAGE = 'The cursor is not valid for this list. Start again without a cursor.';

/** A page's query: `limit` (a whole number, 1 to `max`) and the `cursor` the previous page handed out. */
export function pageQuery(max: number) {
  const limitMessage = `limit must be a whole number from 1 to ${max}`;
  return yup.object({
    limit: wholeNumberParam({ min: 1, max }, 5, limitMessage),
    cursor: yup.string().max(2048, CURSOR_MESSAGE),
  });
}

export const adminPageQuery = pageQuery(ADMIN_PAGE_MAX);

export function pageOptions(query: yup.InferType<typeof adminPageQuery>): { limit: number; cursor?: string } {
  return { limit: query.limit ? Number(query.limit) : ADMIN_PAGE_DEFAULT, cursor: query.cursor || undefined };
}

/** A cursor that does not belong to the list: a 400. */
export const CURSOR_ERRORS = [
  errorAnswer(InvalidCursorError, (error) => badRequest(error.message, { cursor: error.message }, 'INVALID_CURSOR')),
];
