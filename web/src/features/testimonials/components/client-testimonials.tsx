// The video testimonials a client left, each playable in place, for the client's page.
// The video URLs are presigned for a few minutes: a player whose URL has expired fetches fresh ones.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/dates';
import { useClientTestimonials } from '../api/get-client-testimonials';

type ClientTestimonialsProps = {
  clientId: string;
};

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function ClientTestimonials({ clientId }: ClientTestimonialsProps) {
  const { testimonials, error, isLoading, refresh } = useClientTestimonials(clientId);

  if (isLoading) return <Spinner label="Loading video testimonials" size={28} />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!testimonials?.length) {
    return <Typography variant="muted">No video testimonial yet.</Typography>;
  }
  return (
    <Stack spacing={2}>
      {testimonials.map((testimonial, index) => (
        <Box key={testimonial.id}>
          <Box
            component="video"
            controls
            preload="metadata"
            src={testimonial.url}
            aria-label={`Video testimonial ${index + 1}, uploaded ${formatTimestamp(testimonial.uploadedAt)}`}
            onError={() => {
              if (Date.parse(testimonial.urlExpiresAt) <= Date.now()) void refresh();
            }}
            sx={{ display: 'block', width: '100%', maxHeight: 360, borderRadius: 1, bgcolor: 'common.black' }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Uploaded {formatTimestamp(testimonial.uploadedAt)} · {formatSize(testimonial.size)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
