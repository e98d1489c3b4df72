// /business-profile: the agent's Google Place ID, business name and location.
import Box from '@mui/material/Box';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { BusinessProfileCard } from '@/features/business-profile/components/business-profile-card';
import { ReviewsExplainer } from '@/features/business-profile/components/reviews-explainer';

export function BusinessProfileRoute() {
  const { user } = useUser();
  return (
    <PageLayout
      title={paths.businessProfile.label}
      description="Your business as clients see it, and the Google listing their reviews go to."
    >
      {user ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 4fr)' },
            alignItems: 'start',
          }}
        >
          <BusinessProfileCard user={user} heading="Your business" />
          <ReviewsExplainer />
        </Box>
      ) : null}
    </PageLayout>
  );
}
