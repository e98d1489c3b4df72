// /clients/duplicates: the agent's likely duplicate clients side by side, to merge (reached from the clients page).
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { DuplicatesScreen } from '@/features/duplicates/components/duplicates-screen';
import { BackButton } from '@/components/ui/link-button';

export function DuplicatesRoute() {
  return (
    <PageLayout
      title={paths.duplicates.label}
      description="Clients who look like the same person. Pick the one to keep and merge the others into it."
      actions={
        <BackButton to={paths.clients.getHref()} variant="outlined">
          Clients
        </BackButton>
      }
    >
      <DuplicatesScreen />
    </PageLayout>
  );
}
