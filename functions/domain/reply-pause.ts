// A client who writes back gets no automatic message for a while: the agent answers in person.

/** The day the client wrote back (YYYY-MM-DD, UTC) while their automatic sends are paused for it, or null. */
export function replyPause(client: { repliedAt?: string; repliesPauseUntil?: string }, now: Date): string | null {
  if (!client.repliesPauseUntil || Date.parse(client.repliesPauseUntil) <= now.getTime()) return null;
  return (client.repliedAt ?? client.repliesPauseUntil).slice(0, 10);
}
