// /clients/:id: one client's page, deep-linkable: who they are and how to reach them, their dates, tags and rhythm,
// their achievements, the relationship (strength, referrals, referral link), consent, review and testimonials, and one
// timeline of everything that happened; message, edit and delete from the header, and Accept for a client from the
// directory who waits for it. It reads the client alone (GET /api/clients/{id}), never the list.
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Client } from '@shared/api-types';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { AutomationsPauseSwitch } from '@/features/automations/components/automations-pause-switch';
import { useClient } from '@/features/clients/api/get-client';
import { useClientMilestones } from '@/features/clients/api/get-client-milestones';
import { useDeleteClient } from '@/features/clients/api/delete-client';
import { ClientAchievements } from '@/features/clients/components/client-achievements';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import {
  ClientConsent,
  ClientContact,
  ClientKeyDates,
  ClientTagsAndRhythm,
  ProfileCard,
} from '@/features/clients/components/client-profile';
import { ClientRelationship } from '@/features/clients/components/client-relationship';
import { HomeValueCard } from '@/features/clients/components/home-value-card';
import { ClientReview } from '@/features/clients/components/client-review';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { PendingRegistrationNotice } from '@/features/clients/components/pending-registration';
import { useSaveClient } from '@/features/clients/components/use-save-client';
import { ClientActivitySection } from '@/features/messages/components/client-activity';
import { MessageButton } from '@/features/messages/components/message-button';
import { useComposer } from '@/features/messages/components/use-composer';
import { MarkReviewButton } from '@/features/reviews/components/mark-review-button';
import { RequestReviewButton } from '@/features/reviews/components/review-actions';
import { ClientTestimonials } from '@/features/testimonials/components/client-testimonials';
import { BackButton } from '@/components/ui/link-button';
import { PageColumns } from '@/components/ui/page-columns';
import { MissingClientCard } from '@/components/ui/missing-client-card';

const backToClients = <BackButton to={paths.clients.getHref()}>All clients</BackButton>;

export function ClientRoute() {
  const clientId = useParams().id ?? '';
  const { client, isLoading, error, notFound, retry } = useClient(clientId);

  if (client) return <ClientPage client={client} />;
  if (notFound) {
    return (
      <PageLayout title="Client not found" heading="Client" actions={backToClients}>
        <MissingClientCard
          icon={<PersonSearchOutlined fontSize="large" />}
          title="Client not found"
          back={{ to: paths.clients.getHref(), label: 'Back to your clients' }}
        />
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Client" actions={backToClients}>
      {error && !isLoading ? (
        <LoadError onRetry={retry}>This client could not be loaded right now. {errorMessage(error)}</LoadError>
      ) : (
        <Box role="status" aria-busy="true" aria-label="Loading client" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={220} />
        </Box>
      )}
    </PageLayout>
  );
}

function ClientPage({ client }: { client: Client }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { openComposer, composer } = useComposer();
  const achievements = useClientMilestones(client.id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteClient = useDeleteClient();
  // The form's save as on the clients page; here a save or a refusal that closes the form just closes it.
  const handleSave = useSaveClient(client, (action) => {
    if (action.type === 'updated' || action.type === 'close') setEditing(false);
  });

  const handleDelete = async () => {
    try {
      await deleteClient.trigger(client.id);
      toast({ title: 'Client deleted successfully', variant: 'success' });
      navigate(paths.clients.getHref(), { replace: true });
    } catch (failure) {
      setDeleting(false);
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  return (
    <PageLayout
      title={client.name}
      actions={
        <>
          {backToClients}
          <MessageButton client={client} onOpen={openComposer} variant="button" />
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        </>
      }
    >
      <PendingRegistrationNotice client={client} />
      <PageColumns widths={[5, 7]} from="md" gap={2}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ClientContact client={client} onEmail={(who) => openComposer(who)} />
          <ClientKeyDates client={client} onEdit={() => setEditing(true)} />
          <ClientTagsAndRhythm client={client} />
          <ClientAchievements
            milestones={achievements.milestones}
            error={achievements.error}
            onRetry={achievements.retry}
          />
          <ClientRelationship client={client} />
          {client.purchaseDate ? <HomeValueCard client={client} /> : null}
          <ClientConsent client={client}>
            <AutomationsPauseSwitch client={client} />
          </ClientConsent>
          <ProfileCard title="Review Status">
            <ClientReview
              client={client}
              renderReviewActions={(who) => (
                <>
                  <RequestReviewButton client={who} />
                  <MarkReviewButton client={who} />
                </>
              )}
            />
          </ProfileCard>
          <ProfileCard title="Video Testimonials">
            <ClientTestimonials clientId={client.id} />
          </ProfileCard>
        </Box>
        <ProfileCard title="Timeline">
          <ClientActivitySection client={client} milestones={achievements.milestones} />
        </ProfileCard>
      </PageColumns>
      <ClientFormDialog open={editing} client={client} onClose={() => setEditing(false)} onSubmit={handleSave} />
      <DeleteClientDialog
        client={deleting ? client : null}
        isDeleting={deleteClient.isMutating}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void handleDelete()}
      />
      {composer}
    </PageLayout>
  );
}
