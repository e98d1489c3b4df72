// What a page about one client shows when the client is not there (deleted, merged, or a wrong link), and the way back.
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { EmptyPanel } from './empty-panel';

type MissingClientCardProps = {
  icon: ReactNode;
  title: string;
  back: { to: string; label: string };
};

export function MissingClientCard({ icon, title, back }: MissingClientCardProps) {
  return (
    <Card>
      <EmptyPanel icon={icon} title={title} link={back}>
        This client is not in your book any more, or the link is wrong.
      </EmptyPanel>
    </Card>
  );
}
