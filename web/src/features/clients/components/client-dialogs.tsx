// The clients page's four dialogs (the form, the delete confirmation, the import, the upgrade notice), opened and
// closed by one state (utils/client-dialogs.ts). A client's own page is /clients/:id.
import type { RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Client } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDeleteClient } from '../api/delete-client';
import { useImportClients } from '../api/import-clients';
import { ClientFormDialog } from './client-form-dialog';
import { DeleteClientDialog } from './delete-client-dialog';
import { ImportClientsDialog } from './import-clients-dialog';
import { UpgradeDialog } from './upgrade-dialog';
import type { ClientDialogs as ClientDialogsControl } from './use-client-dialogs';
import { useFocusAfterDelete } from './use-focus-after-delete';
import type { ImportJobWatch } from './use-import-job';
import { useSaveClient } from './use-save-client';

type ClientDialogsProps = {
  dialogs: ClientDialogsControl;
  importJob: ImportJobWatch;
  /** Where focus goes after a delete, the first one still on the page. */
  focusAfterDelete: RefObject<HTMLElement | null>[];
};

export function ClientDialogs({ dialogs, importJob, focusAfterDelete }: ClientDialogsProps) {
  const { state, dispatch } = dialogs;
  const navigate = useNavigate();
  const { toast } = useToast();
  const deleteClient = useDeleteClient();
  const importClients = useImportClients();
  const handleSubmit = useSaveClient(state.formClient, dispatch);
  const deleteFocus = useFocusAfterDelete(focusAfterDelete);

  const handleDelete = async (client: Client) => {
    try {
      await deleteClient.trigger(client.id);
      deleteFocus.markDeleted();
      dispatch({ type: 'deleted', client });
      toast({ title: 'Client deleted successfully', variant: 'success' });
    } catch (failure) {
      dispatch({ type: 'close', dialog: 'delete' });
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const handleUpgrade = () => {
    dispatch({ type: 'close', dialog: 'upgrade' });
    navigate(paths.settings.getHref());
  };

  const front = state.front?.name;
  return (
    <>
      <ClientFormDialog
        open={front === 'form'}
        client={state.formClient}
        onClose={() => dispatch({ type: 'close', dialog: 'form' })}
        onSubmit={handleSubmit}
      />
      <DeleteClientDialog
        client={state.front?.name === 'delete' ? state.front.client : null}
        isDeleting={deleteClient.isMutating}
        onCancel={() => dispatch({ type: 'close', dialog: 'delete' })}
        onConfirm={handleDelete}
        onExited={deleteFocus.handleExited}
      />
      <ImportClientsDialog
        open={front === 'import'}
        isImporting={importClients.isMutating}
        onClose={() => dispatch({ type: 'close', dialog: 'import' })}
        onImport={(file) => importClients.trigger(file)}
        importJob={importJob}
      />
      <UpgradeDialog
        open={front === 'upgrade'}
        onClose={() => dispatch({ type: 'close', dialog: 'upgrade' })}
        onUpgrade={handleUpgrade}
      />
    </>
  );
}
