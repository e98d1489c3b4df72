// The admin client lists are paged: a page size within bounds, and a cursor the previous page handed out.
export const ADMIN_PAGE_DEFAULT = 500;
export const ADMIN_PAGE_MAX = 1000;

/** A cursor that does not belong to the list it was sent to. */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
  constructor() {
    super('The cursor is not valid for this list. Start again without a cursor.');
  }
}
