// /clients/duplicates: the agent's likely duplicate clients side by side, to merge (reached from the clients page).
import ArrowBackRounded from '@/components/icons/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { DuplicatesScreen } from '@/features/duplicates/components/duplicates-screen';

export function DuplicatesRoute() {
  return (
    <PageLayout
      title={paths.duplicates.label}
      description="Clients who look like the same person. Pick the one to keep and merge the others into it."
      actions={
        <Button component={RouterLink} to={paths.clients.getHref()} variant="outlined" startIcon={<ArrowBackRounded />}>
          Clients
        </Button>
      }
    >
      <DuplicatesScreen />
    </PageLayout>
  );
}
