// The client form's submit on the clients page: update the client being edited or add a new one,
// then say so; a refusal lands on the form's fields and in a toast, and a full free plan turns the
// form into the upgrade notice.
import type { Dispatch } from 'react';
import type { Client } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { useToast } from '@/components/ui/toast/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { CLIENT_FIELDS, toClientChanges } from '@/lib/client-changes';
import { serverFieldErrors } from '@/lib/form-errors';
import { UPGRADE_REQUIRED, useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';
import type { ClientDialogsAction } from '../utils/client-dialogs-state';
import { remainingSlotsText } from '../utils/remaining-slots';
import type { ClientFormHelpers } from './client-form-dialog';

/** Returns the form's submit handler for `editing` (null: adding). */
export function useSaveClient(editing: Client | null, dispatch: Dispatch<ClientDialogsAction>) {
  const { toast } = useToast();
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();

  const update = async (client: Client, input: ClientInput, { setErrors }: ClientFormHelpers) => {
    try {
      const updated = await updateClient.trigger({ id: client.id, changes: toClientChanges(input) });
      dispatch({ type: 'updated', client: updated });
      toast({ title: 'Client updated successfully', variant: 'success' });
    } catch (failure) {
      setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const create = async (input: ClientInput, { setErrors }: ClientFormHelpers) => {
    try {
      const created = await createClient.trigger(input);
      dispatch({ type: 'close', dialog: 'form' });
      const description = remainingSlotsText(created.remainingFreeSlots);
      toast({ title: 'Client added successfully', ...(description ? { description } : {}), variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === UPGRADE_REQUIRED) {
        dispatch({ type: 'upgrade' });
        return;
      }
      setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
      const serverMessage = failure instanceof ApiError ? failure.body?.message : undefined;
      toast({ title: 'Error', description: serverMessage || 'Failed to create client', variant: 'destructive' });
    }
  };

  return (input: ClientInput, helpers: ClientFormHelpers) =>
    editing ? update(editing, input, helpers) : create(input, helpers);
}
