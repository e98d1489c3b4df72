// /business-profile: the agent's Google Place ID, business name and location.
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { BusinessProfileCard } from '@/features/business-profile/components/business-profile-card';
import { ReviewsExplainer } from '@/features/business-profile/components/reviews-explainer';
import { PageColumns } from '@/components/ui/page-columns';

export function BusinessProfileRoute() {
  const { user } = useUser();
  return (
    <PageLayout
      title={paths.businessProfile.label}
      description="Your business as clients see it, and the Google listing their reviews go to."
    >
      {user ? (
        <PageColumns widths={[7, 4]}>
          <BusinessProfileCard user={user} heading="Your business" />
          <ReviewsExplainer />
        </PageColumns>
      ) : null}
    </PageLayout>
  );
}
