// Export: downloads a CSV of every client (every field) through the link the server hands out.
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { BusyButton } from '@/components/ui/busy-button';
import { useExportClients } from '../api/export-clients';

export function ExportClientsButton() {
  const { trigger, isMutating } = useExportClients();
  const { toast } = useToast();

  const handleExport = async () => {
    try {
      const link = await trigger();
      toast({
        title: 'Export ready',
        description: `${countText(link.rows, 'client', 'clients')} in ${link.fileName}`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Export failed', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <BusyButton
      variant="outlined"
      startIcon={<DownloadRounded />}
      onClick={() => void handleExport()}
      busy={isMutating}
      busyLabel="Exporting..."
    >
      Export CSV
    </BusyButton>
  );
}
