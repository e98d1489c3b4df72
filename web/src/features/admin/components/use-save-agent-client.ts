// The client form's submit on Manage Client Data: update the client being edited, or add one for the
// chosen agent, then say so; a refusal lands on the form's fields and in a toast.
import type { AdminClient } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { CLIENT_FIELDS, toClientChanges, type ClientField } from '@/lib/client-changes';
import { serverFieldErrors } from '@/lib/form-errors';
import { useCreateAgentClient, useUpdateAgentClient } from '../api/save-agent-client';

export type ClientFormHelpers = { setErrors: (errors: Partial<Record<ClientField, string>>) => void };

type UseSaveAgentClientOptions = {
  /** The client being edited; null when adding. */
  editing: AdminClient | null;
  /** The agent a new client is added for (Add Client waits for one). */
  agentId: string | null;
  /** Closes the form once saved. */
  onSaved: () => void;
  /** The second line of the 'Client added successfully' toast. */
  describeCreated: (remainingFreeSlots: number | null) => string | undefined;
};

export function useSaveAgentClient({ editing, agentId, onSaved, describeCreated }: UseSaveAgentClientOptions) {
  const { toast } = useToast();
  const createClient = useCreateAgentClient();
  const updateClient = useUpdateAgentClient();

  const update = async (client: AdminClient, input: ClientInput, { setErrors }: ClientFormHelpers) => {
    try {
      await updateClient.trigger({ agentId: client.agentId, id: client.id, changes: toClientChanges(input) });
      onSaved();
      toast({ title: 'Client updated successfully', variant: 'success' });
    } catch (failure) {
      setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const create = async (agent: string, input: ClientInput, { setErrors }: ClientFormHelpers) => {
    try {
      const created = await createClient.trigger({ agentId: agent, input });
      onSaved();
      const description = describeCreated(created.remainingFreeSlots);
      toast({ title: 'Client added successfully', ...(description ? { description } : {}), variant: 'success' });
    } catch (failure) {
      setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
      toast({
        title: 'Error',
        description: errorMessage(failure) || 'Failed to create client',
        variant: 'destructive',
      });
    }
  };

  return async (input: ClientInput, helpers: ClientFormHelpers): Promise<void> => {
    if (editing) return update(editing, input, helpers);
    if (agentId) return create(agentId, input, helpers);
  };
}
