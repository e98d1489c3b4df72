// /broadcasts: the agent's recent broadcasts and where each stands (each opens its own page, /broadcasts/:id); a new
// one starts from the clients list, where its audience is.
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { LinkButton } from '@/components/ui/link-button';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { BroadcastsList } from '@/features/broadcasts/components/broadcasts-list';

export function BroadcastsRoute() {
  return (
    <PageLayout
      title={paths.broadcasts.label}
      description="A personal message for each client of a group: how many went, wait or were skipped, and why."
      actions={
        <LinkButton to={paths.clients.getHref()} variant="outlined" startIcon={<PeopleAltOutlined />}>
          Start one from your clients
        </LinkButton>
      }
    >
      <BroadcastsList />
    </PageLayout>
  );
}
