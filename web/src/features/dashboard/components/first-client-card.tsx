// The dashboard before any client exists: what to do first.
import AddRounded from '@mui/icons-material/AddRounded';
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { IconBadge } from '@/components/ui/icon-badge';
import { IMPORT_CONTACTS } from '@/components/ui/import-contacts-button';
import { LinkButton } from '@/components/ui/link-button';

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
            from a CSV or vCard file (Google Contacts, Outlook and iPhone exports work as they are).
          </Typography>
          <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <LinkButton to={addHref} variant="contained" size="large" startIcon={<AddRounded />}>
              Add Client
            </LinkButton>
            <LinkButton to={importHref} variant="outlined" size="large" startIcon={<UploadFileRounded />}>
              {IMPORT_CONTACTS}
            </LinkButton>
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
              <IconBadge size={36} shape="tile">
                <Icon fontSize="small" />
              </IconBadge>
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
