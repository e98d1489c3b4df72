// A card that is a page section, named by its CardHeading: the heading, then the card's content
// below it on the same grid.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useId, type ReactNode } from 'react';
import { CardHeading } from './card-heading';

type SectionCardProps = {
  /** Where a link may point (`/settings#google`): the card comes into view below the sticky bar. */
  id?: string;
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
};

export function SectionCard({ id, icon, title, subtitle, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" id={id} aria-labelledby={headingId} sx={id ? { scrollMarginTop: 80 } : undefined}>
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <CardHeading id={headingId} icon={icon} title={title} subtitle={subtitle} />
        {children}
      </CardContent>
    </Card>
  );
}
