// /help: the agent writes to support (Pro agents' requests are answered first) and follows what they
// asked and our answers.
import SupportAgentRounded from '@/components/icons/SupportAgentRounded';
import Box from '@mui/material/Box';
import { PageLayout } from '@/components/ui/page-layout';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { PriorityNote } from '@/features/support/components/priority-note';
import { SupportHistory } from '@/features/support/components/support-history';
import { SupportRequestForm } from '@/features/support/components/support-request-form';

export function HelpRoute() {
  const { user } = useUser();
  return (
    <PageLayout
      title={paths.help.label}
      description="Questions, problems, ideas: write to us and we reply by e-mail. Your requests and our answers stay here."
    >
      {user ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 6fr) minmax(0, 5fr)' },
            alignItems: 'start',
          }}
        >
          <SectionCard
            icon={<SupportAgentRounded />}
            title="Contact support"
            subtitle="Tell us what you need; a person reads every request."
          >
            <PriorityNote isPro={user.isPro} />
            <SupportRequestForm emailVerified={user.emailVerified} />
          </SectionCard>
          <SupportHistory />
        </Box>
      ) : null}
    </PageLayout>
  );
}
