// Refusals of a client write that handlers answer (see functions/http/client-errors.ts).

/** Another client of the agent has this e-mail: `existingClientId` is that client. */
export class ClientEmailTakenError extends Error {
  override name = 'ClientEmailTakenError';
  constructor(readonly existingClientId: string) {
    super('client e-mail already used');
  }
}
