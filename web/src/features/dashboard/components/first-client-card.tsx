// The dashboard before any client exists: what to do first.
import AddRounded from '@/components/icons/AddRounded';
import CakeOutlined from '@/components/icons/CakeOutlined';
import HomeOutlined from '@/components/icons/HomeOutlined';
import RateReviewOutlined from '@/components/icons/RateReviewOutlined';
import UploadFileRounded from '@/components/icons/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PlainList } from '@/components/ui/plain-list';

type FirstClientCardProps = {
  addHref: string;
  importHref: string;
};

const steps = [
  { icon: CakeOutlined, text: 'Birthdays and wedding anniversaries become reminders here.' },
  { icon: HomeOutlined, text: 'Purchase dates turn into home anniversaries, year after year.' },
  { icon: RateReviewOutlined, text: 'Track who has left a review on your business listing.' },
];

export function FirstClientCard({ addHref, importHref }: FirstClientCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' } }}>
        <Box sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography id={headingId} component="h2" variant="h2">
            Add your first client
          </Typography>
          <Typography variant="lead" sx={{ mt: 1.5, maxWidth: 460 }}>
            Start with the people you've helped buy or sell a home. Add them one by one, or import your address book
            from a CSV file (Google Contacts and Outlook exports work as they are).
          </Typography>
          <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button component={RouterLink} to={addHref} variant="contained" size="large" startIcon={<AddRounded />}>
              Add Client
            </Button>
            <Button
              component={RouterLink}
              to={importHref}
              variant="outlined"
              size="large"
              startIcon={<UploadFileRounded />}
            >
              Import CSV
            </Button>
          </Box>
        </Box>
        <PlainList
          gap={2.5}
          sx={(theme) => ({
            p: { xs: 3, sm: 5 },
            alignContent: 'center',
            bgcolor: alpha(theme.palette.primary.main, 0.05),
            // Shorthands inside breakpoints would reset the colour, so each side carries its own.
            borderTop: { xs: `1px solid ${theme.palette.divider}`, md: 'none' },
            borderLeft: { xs: 'none', md: `1px solid ${theme.palette.divider}` },
          })}
        >
          {steps.map(({ icon: Icon, text }) => (
            <Box component="li" key={text} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <Box
                aria-hidden="true"
                sx={(theme) => ({
                  flexShrink: 0,
                  width: 36,
                  height: 36,
                  borderRadius: '10px',
                  display: 'grid',
                  placeItems: 'center',
                  color: 'primary.main',
                  bgcolor: alpha(theme.palette.primary.main, 0.1),
                })}
              >
                <Icon fontSize="small" />
              </Box>
              <Typography variant="body2" sx={{ pt: 0.75 }}>
                {text}
              </Typography>
            </Box>
          ))}
        </PlainList>
      </Box>
    </Card>
  );
}
