// GET /api/conversations: the agent's conversations, latest activity first, a page at a time (`limit`, `cursor`);
// `filter=unread` keeps the unread ones. Every page carries the agent's unread total (the navigation badge).
import * as yup from 'yup';
import { CONVERSATION_PAGE } from '@shared/api-types';
import { CURSOR_ERRORS, pageQuery } from '../../http/admin-pages';
import { defineHandler } from '../../http/handler';
import { conversationPage } from '../../services/conversations';

const query = pageQuery(CONVERSATION_PAGE.max).shape({
  filter: yup.string().oneOf(['unread', 'all'] as const, 'filter must be unread or all'),
});

export const handler = defineHandler(
  'conversations/get-conversations',
  { query, errors: CURSOR_ERRORS },
  async ({ user, query }) => ({
    body: await conversationPage(user, {
      unreadOnly: query.filter === 'unread',
      limit: query.limit ? Number(query.limit) : CONVERSATION_PAGE.default,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    }),
  }),
);
