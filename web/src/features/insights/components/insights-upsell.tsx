// /insights for an agent not on Pro: the page's cards filled with a made-up sample, blurred and
// hidden from assistive technology, under a card that says what Insights gives and offers the
// upgrade (the page passes the checkout button).
import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { SAMPLE_INSIGHTS } from '../sample-insights';
import { InsightsBoard } from './insights-board';

export const UPSELL_TITLE = 'See how your client care adds up';

export const INSIGHTS_FEATURES = [
  'Touches per month by e-mail, text and call, by you or automatic',
  'Key dates messaged, reviews received and invitations completed',
  'Clients who have not heard from you in 90 days, a click from a message',
  'Your book’s health: profiles to complete and key dates coming up',
] as const;

const ignore = () => undefined;

export function InsightsUpsell({ upgrade }: { upgrade: ReactNode }) {
  const headingId = useId();
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          zIndex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          pt: { xs: 3, md: 8 },
          px: { xs: 1, sm: 2 },
        }}
      >
        <Card
          component="section"
          aria-labelledby={headingId}
          sx={{
            position: 'sticky',
            top: { xs: 76, md: 92 },
            width: '100%',
            maxWidth: 500,
            boxShadow: '0 24px 48px rgba(16, 24, 40, 0.18)',
          }}
        >
          <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2.5, sm: 3.5 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Chip size="small" label="Pro" color="secondary" />
              <Chip size="small" label="Sample data" variant="outlined" />
            </Box>
            <Typography id={headingId} component="h2" variant="h3">
              {UPSELL_TITLE}
            </Typography>
            <Typography variant="lead">
              Insights come with Pro. The figures behind this card are a made-up sample; on Pro, they are your own,
              month by month.
            </Typography>
            <PlainList
              gap={1}

              aria-label="What Insights show"
            >
              {INSIGHTS_FEATURES.map((feature) => (
                <Box component="li" key={feature} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25 }}>
                  <CheckRounded fontSize="small" aria-hidden="true" sx={{ color: 'success.main', mt: 0.25 }} />
                  <Typography variant="body2">{feature}</Typography>
                </Box>
              ))}
            </PlainList>
            {upgrade}
          </CardContent>
        </Card>
      </Box>
      <Box
        aria-hidden="true"
        inert
        data-sample=""
        sx={{ filter: 'blur(5px)', opacity: 0.75, pointerEvents: 'none', userSelect: 'none', minHeight: 720 }}
      >
        <InsightsBoard insights={SAMPLE_INSIGHTS} onMessage={ignore} />
      </Box>
    </Box>
  );
}
