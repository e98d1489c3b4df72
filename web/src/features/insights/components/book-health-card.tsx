// Book health: how complete the clients' profiles are (in bands of the completion score), and how
// many key dates come in the next 30 and 90 days.
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { CompletionBand, Insights } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { countText } from '@/lib/count-text';
import { BAND_LABELS, BANDS, numberText } from '../insights-text';
import { Figure, FigureList, ScreenReaderText } from './figures';

export function BookHealthCard({ book }: { book: Insights['book'] }) {
  const completionId = useId();
  const counts = new Map<CompletionBand, number>(book.completion.map((entry) => [entry.band, entry.count]));
  const largest = Math.max(1, ...counts.values());

  return (
    <SectionCard
      icon={<MonitorHeartOutlined />}
      title="Book health"
      subtitle={`${countText(book.clients, 'client', 'clients')} in your book today`}
    >
      <Box>
        <Typography id={completionId} component="h3" variant="h4" sx={{ mb: 1 }}>
          Profile completion
        </Typography>
        <PlainList
          gap={1}

          aria-labelledby={completionId}
        >
          {BANDS.map((band) => {
            const count = counts.get(band) ?? 0;
            return (
              <Box
                component="li"
                key={band}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '4.5rem minmax(0, 1fr) auto',
                  alignItems: 'center',
                  gap: 1,
                }}
              >
                <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
                  {BAND_LABELS[band]}
                  <ScreenReaderText> complete:</ScreenReaderText>
                </Typography>
                <Box
                  aria-hidden="true"
                  sx={{ height: 12, borderRadius: 1, bgcolor: 'background.default', overflow: 'hidden' }}
                >
                  <Box
                    sx={{
                      height: '100%',
                      width: `${(count / largest) * 100}%`,
                      bgcolor: band === '100' ? 'success.main' : 'primary.main',
                      borderRadius: 1,
                    }}
                  />
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 650, textAlign: 'right', minWidth: '2.5rem' }}>
                  {numberText(count)}
                  <ScreenReaderText> {count === 1 ? 'client' : 'clients'}</ScreenReaderText>
                </Typography>
              </Box>
            );
          })}
        </PlainList>
      </Box>
      <Box>
        <Typography component="h3" variant="h4" sx={{ mb: 1 }}>
          Key dates coming up
        </Typography>
        <FigureList label="Key dates coming up" minWidth={110}>
          <Figure label="Next 30 days" value={book.occasionsNext30} />
          <Figure label="Next 90 days" value={book.occasionsNext90} />
        </FigureList>
      </Box>
    </SectionCard>
  );
}
