// The business profile form in its card, with a heading (used by /business-profile and /settings).
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { User } from '@shared/api-types';
import { SectionCard } from '@/components/ui/section-card';
import { BusinessProfileForm } from './business-profile-form';

type BusinessProfileCardProps = {
  user: User;
  /** The card's heading (a page already titled Business Profile names it differently). */
  heading?: string;
};

export function BusinessProfileCard({ user, heading = 'Business Profile' }: BusinessProfileCardProps) {
  return (
    <SectionCard
      icon={<StorefrontOutlined />}
      title={heading}
      subtitle="How clients find you, and where we look for their Google reviews."
    >
      <BusinessProfileForm user={user} />
    </SectionCard>
  );
}
