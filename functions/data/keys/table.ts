// The single table's keys are built only in functions/data/keys/, one module per family of items, each opening with
// its access patterns. This one holds what the families share: the names of the indexes, the agent's partition
// (AGENT#<agentId>, where an agent's clients, imports, merges, support requests, Google connection and other items
// sit side by side), the key of a numbered item (report lines, chunks of ids) and the owner index on the items an
// agent owns outside their partitions.
export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';
export const GSI3 = 'gsi3';

export const agentPartition = (agentId: string) => `AGENT#${agentId}`;
/** An item in the agent's partition: AGENT#<agentId> / `sk`. */
export const agentItemKey = (agentId: string, sk: string) => ({ pk: agentPartition(agentId), sk });
/** The `index`th item of a partition: the number zero-padded to `digits`, so the sort key orders them by number. */
export const numberedItemKey = (pk: string, index: number, digits: number) => ({
  pk,
  sk: String(index).padStart(digits, '0'),
});

/**
 * The owner index (gsi2) on the items an agent owns outside their own partitions, which nothing else finds by agent
 * (verification and reset links, pending uploads, registration submissions, invitations, texted numbers, SES message
 * references, digests, summaries, handled occasions): closing the account reads them all with one Query, deleting a
 * client those of that client (gsi2sk begins_with `C#<clientId>#`).
 *  - an agent's scattered items  Query gsi2 OWNER#<agentId>; a client's: gsi2sk begins_with C#<clientId>#
 */
export const ownerPartition = (agentId: string) => `OWNER#${agentId}`;
export const ownerClientPrefix = (clientId: string) => `C#${clientId}#`;
export const ownerIndexKeys = (agentId: string, key: { pk: string; sk: string }, clientId?: string) => ({
  gsi2pk: ownerPartition(agentId),
  gsi2sk: `${clientId ? ownerClientPrefix(clientId) : 'A#'}${key.pk}#${key.sk}`,
});
