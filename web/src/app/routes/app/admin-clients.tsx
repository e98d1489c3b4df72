// /admin-clients: every agent's clients for administrators, with the clients feature's form,
// import dialog and review status chip.
import { AdminClientsManager } from '@/features/admin/components/admin-clients-manager';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import { remainingSlotsText } from '@/features/clients/utils/remaining-slots';
import { ImportClientsDialog } from '@/features/clients/components/import-clients-dialog';
import { ReviewStatusChip } from '@/features/clients/components/review-status-chip';

export function AdminClientsRoute() {
  return (
    <AdminOnly>
      <AdminClientsManager
        renderReviewStatus={(client) => <ReviewStatusChip status={client.reviewStatus} />}
        // "Referred by" searches the signed-in agent's own clients: not an administrator's to set for another agent.
        renderClientForm={(props) => <ClientFormDialog {...props} pickReferrer={false} />}
        renderImportDialog={(props) => <ImportClientsDialog {...props} />}
        describeCreated={remainingSlotsText}
      />
    </AdminOnly>
  );
}
