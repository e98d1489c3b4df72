// A card that is a page section, named by its CardHeading: the heading, then the card's content
// below it on the same grid.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useId, type ReactNode } from 'react';
import { CardHeading } from './card-heading';

type SectionCardProps = {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
};

export function SectionCard({ icon, title, subtitle, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <CardHeading id={headingId} icon={icon} title={title} subtitle={subtitle} />
        {children}
      </CardContent>
    </Card>
  );
}
