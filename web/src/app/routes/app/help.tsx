// /help: the agent writes to support (Pro agents' requests are answered first) and follows what they
// asked and our answers.
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import { PageLayout } from '@/components/ui/page-layout';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { PriorityNote } from '@/features/support/components/priority-note';
import { SupportHistory } from '@/features/support/components/support-history';
import { SupportRequestForm } from '@/features/support/components/support-request-form';
import { PageColumns } from '@/components/ui/page-columns';

export function HelpRoute() {
  const { user } = useUser();
  return (
    <PageLayout
      title={paths.help.label}
      description="Questions, problems, ideas: write to us and we reply by e-mail. Your requests and our answers stay here."
    >
      {user ? (
        <PageColumns widths={[6, 5]}>
          <SectionCard
            icon={<SupportAgentRounded />}
            title="Contact support"
            subtitle="Tell us what you need; a person reads every request."
          >
            <PriorityNote isPro={user.isPro} />
            <SupportRequestForm emailVerified={user.emailVerified} />
          </SectionCard>
          <SupportHistory />
        </PageColumns>
      ) : null}
    </PageLayout>
  );
}
