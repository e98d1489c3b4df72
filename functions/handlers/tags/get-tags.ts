// GET /api/tags: the tags the agent's clients carry, each as first written with how many clients carry it (the
// agent's tag counters: one Query, whatever the size of the book).
import { defineHandler } from '../../http/handler';
import { readTagCounts } from '../../data/tags';

export const handler = defineHandler('tags/get-tags', {}, async ({ user }) => ({
  body: { tags: await readTagCounts(user.id) },
}));
