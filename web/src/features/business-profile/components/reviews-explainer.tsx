// What the Google Place ID is used for, said plainly next to the form.
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { PlainList } from '@/components/ui/plain-list';

const POINTS: Array<{ Icon: ComponentType<{ fontSize?: 'small' }>; title: string; text: string }> = [
  {
    Icon: MailOutlineRounded,
    title: 'Request Review',
    text: "e-mails your client a short note with a link to your business's Google review page (and texts it when SMS is set up).",
  },
  {
    Icon: SearchRounded,
    title: 'Check Review',
    text: 'looks for their name among the reviews Google shares for your business. Google shares only its 5 most relevant reviews.',
  },
  {
    Icon: StorefrontOutlined,
    title: 'Find your realtor',
    text: 'shows clients your business name and location when they look for you to register.',
  },
];

export function ReviewsExplainer() {
  return (
    <Card component="aside" aria-label="What your business profile is used for" sx={{ bgcolor: 'background.default' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography component="h2" variant="h4">
          What your business profile is used for
        </Typography>
        <PlainList gap={1.75}>
          {POINTS.map(({ Icon, title, text }) => (
            <Box component="li" key={title} sx={{ display: 'flex', gap: 1.5 }}>
              <Box aria-hidden="true" sx={{ color: 'primary.main', display: 'flex', mt: 0.25 }}>
                <Icon fontSize="small" />
              </Box>
              <Typography variant="body2">
                <Box component="strong" sx={{ fontWeight: 650 }}>
                  {title}
                </Box>{' '}
                {text}
              </Typography>
            </Box>
          ))}
        </PlainList>
      </CardContent>
    </Card>
  );
}
