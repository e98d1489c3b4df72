// /automations: what Hearthside writes and sends by itself on a client's birthday, wedding
// anniversary and home anniversary, and whose occasion comes tomorrow.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAutomations } from '@/features/automations/api/get-automations';
import { AutomationRulesForm } from '@/features/automations/components/automation-rules-form';
import { TomorrowCard } from '@/features/automations/components/tomorrow-card';

const COLUMNS = { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' };

export function AutomationsRoute() {
  const { automations, error, retry } = useAutomations();
  return (
    <PageLayout
      title={paths.automations.label}
      description="On the morning of a birthday or anniversary, Hearthside writes a personal message for each client, then asks you to approve it or sends it by itself, as you choose here."
    >
      {automations ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: COLUMNS }}>
          <AutomationRulesForm saved={automations.rules} />
          <TomorrowCard tomorrow={automations.tomorrow} rules={automations.rules} />
        </Box>
      ) : error ? (
        <LoadError onRetry={retry}>We couldn&apos;t load your automations. {errorMessage(error)}</LoadError>
      ) : (
        <Box
          aria-busy="true"
          aria-label="Loading automations"
          role="status"
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: COLUMNS }}
        >
          <Box sx={{ display: 'grid', gap: 3 }}>
            {[0, 1, 2].map((card) => (
              <Skeleton key={card} variant="rounded" height={300} />
            ))}
          </Box>
          <Skeleton variant="rounded" height={160} />
        </Box>
      )}
    </PageLayout>
  );
}
