// The business profile form in its card, with a heading (used by /business-profile and /settings).
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useId } from 'react';
import type { User } from '../../../../../shared/api-types';
import { CardHeading } from '../../../components/ui/card-heading';
import { BusinessProfileForm } from './business-profile-form';

type BusinessProfileCardProps = {
  user: User;
  /** The card's heading (a page already titled Business Profile names it differently). */
  heading?: string;
};

export function BusinessProfileCard({ user, heading = 'Business Profile' }: BusinessProfileCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <CardHeading
          id={headingId}
          icon={<StorefrontOutlined />}
          title={heading}
          subtitle="How clients find you, and where we look for their Google reviews."
        />
        <BusinessProfileForm user={user} />
      </CardContent>
    </Card>
  );
}
