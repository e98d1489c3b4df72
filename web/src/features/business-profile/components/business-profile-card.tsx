// The business profile form in its card, with a heading (used by /business-profile and /settings).
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import type { User } from '../../../../../shared/api-types';
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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            aria-hidden="true"
            sx={(theme) => ({
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              color: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.1),
            })}
          >
            <StorefrontOutlined />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} component="h2" variant="h3">
              {heading}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              How clients find you, and where we look for their Google reviews.
            </Typography>
          </Box>
        </Box>
        <BusinessProfileForm user={user} />
      </CardContent>
    </Card>
  );
}
