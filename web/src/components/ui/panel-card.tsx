// A card that is a section of a dashboard: its h2 and a line under it, then its content (a list, a table, a chart),
// filling its cell of the page's grid. The content sets its own padding.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type PanelCardProps = {
  title: ReactNode;
  subtitle: ReactNode;
  /** The heading's id, when the content is named by it too (a table); one is made otherwise. */
  headingId?: string;
  children: ReactNode;
};

export function PanelCard({ title, subtitle, headingId, children }: PanelCardProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 3, pt: 3, pb: 1 }}>
        <Typography id={id} component="h2" variant="h3">
          {title}
        </Typography>
        <Typography variant="muted" sx={{ mt: 0.25 }}>
          {subtitle}
        </Typography>
      </Box>
      {children}
    </Card>
  );
}
