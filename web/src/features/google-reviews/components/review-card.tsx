// One Google review: who wrote it (Google's display name, and the client it matches: suggested with why, or
// confirmed), the stars (1 to 3 marked for attention), the text, and the reply: posted, failed, or a draft to write.
import StarRounded from '@mui/icons-material/StarRounded';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BusinessReview, ReviewMatch } from '@shared/api-types';
import { REVIEW_REPLY_MAX } from '@shared/reviews';
import { useId, useState } from 'react';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useConfirmMatch, useDismissMatch, useDraftReply, usePostReply } from '../api/review-actions';
import { ClientLink } from '@/components/ui/client-link';

/** Who may have written the review (a link to their page), how sure, and why. */
function MatchText({ match }: { match: ReviewMatch }) {
  return (
    <>
      Possibly by your client{' '}
      <strong>
        <ClientLink id={match.clientId} name={match.clientName} />
      </strong>{' '}
      ({Math.round(match.confidence * 100)}% sure). {match.evidence.join(' ')}
    </>
  );
}

function Stars({ stars }: { stars: number | null }) {
  if (stars === null) return <Typography variant="muted">No rating</Typography>;
  return (
    <Box role="img" aria-label={`${stars} out of 5 stars`} sx={{ display: 'inline-flex', color: 'warning.main' }}>
      {Array.from({ length: 5 }, (_, i) =>
        i < stars ? <StarRounded key={i} fontSize="small" /> : <StarOutlineRounded key={i} fontSize="small" />,
      )}
    </Box>
  );
}

export function ReviewCard({ review }: { review: BusinessReview }) {
  const headingId = useId();
  const { toast } = useToast();
  const confirm = useConfirmMatch();
  const dismiss = useDismissMatch();
  const draft = useDraftReply();
  const post = usePostReply();
  const [reply, setReply] = useState<string | null>(null);
  const [variant, setVariant] = useState(0);
  const [note, setNote] = useState<string | undefined>();
  const name = review.reviewer.isAnonymous ? 'Anonymous reviewer' : (review.reviewer.displayName ?? 'A Google user');
  const fail = (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });

  const handleDraft = async () => {
    try {
      const written = await draft.trigger({ id: review.id, variant });
      setReply(written.comment);
      setNote(written.note);
      setVariant(variant + 1);
    } catch (error) {
      fail(error);
    }
  };
  const handlePost = async () => {
    try {
      await post.trigger({ id: review.id, comment: reply ?? '' });
      setReply(null);
      toast({ title: 'Reply posted on Google', variant: 'success' });
    } catch (error) {
      fail(error);
    }
  };
  const tooLong = (reply?.length ?? 0) > REVIEW_REPLY_MAX;

  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography id={headingId} component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Stars stars={review.stars} />
          {review.needsAttention ? <Chip size="small" color="error" label="Needs attention" /> : null}
          <Typography variant="muted" component="span">
            {new Date(review.createdAt).toLocaleDateString()}
          </Typography>
        </Box>
        {review.comment ? (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.comment}</Typography>
        ) : (
          <Typography variant="muted">A rating without text.</Typography>
        )}

        {review.match?.status === 'confirmed' ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip color="success" label={`Written by ${review.match.clientName}`} />
            <Button
              size="small"
              disabled={dismiss.isMutating}
              onClick={() => void dismiss.trigger(review.id).catch(fail)}
            >
              Not {review.match.clientName}
            </Button>
          </Box>
        ) : review.match ? (
          <Alert
            severity="info"
            // On a phone the two buttons go under the evidence, which keeps the width of the card.
            sx={{
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              '& .MuiAlert-message': { flex: '1 1 0' },
              '& .MuiAlert-action': {
                flexBasis: { xs: '100%', sm: 'auto' },
                ml: { xs: 0, sm: 'auto' },
                pl: { xs: 4.5, sm: 2 },
                pt: { xs: 0, sm: 0.5 },
              },
            }}
            action={
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  color="inherit"
                  size="small"
                  disabled={confirm.isMutating}
                  onClick={() => void confirm.trigger({ id: review.id, clientId: review.match!.clientId }).catch(fail)}
                >
                  Confirm {review.match.clientName}
                </Button>
                <Button
                  color="inherit"
                  size="small"
                  disabled={dismiss.isMutating}
                  onClick={() => void dismiss.trigger(review.id).catch(fail)}
                >
                  Not them
                </Button>
              </Box>
            }
          >
            <MatchText match={review.match} />
          </Alert>
        ) : null}

        {review.reply && reply === null ? (
          <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
            <Typography variant="subtitle2" component="p">
              {review.reply.state === 'published' ? 'Your reply' : 'Your reply was not posted'}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.reply.comment}</Typography>
            {review.reply.state === 'failed' ? (
              <Button size="small" onClick={() => setReply(review.reply!.comment)}>
                Try posting again
              </Button>
            ) : null}
          </Box>
        ) : null}
        {reply !== null ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            {note ? <Alert severity="warning">{note}</Alert> : null}
            <TextField
              label={`Reply to ${name}`}
              multiline
              minRows={3}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
              error={tooLong}
              helperText={`${reply.length.toLocaleString()} of ${REVIEW_REPLY_MAX.toLocaleString()} characters. Nothing is posted until you post it.`}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                disabled={post.isMutating || tooLong || !reply.trim()}
                onClick={() => void handlePost()}
              >
                Post reply
              </Button>
              <Button disabled={draft.isMutating} onClick={() => void handleDraft()}>
                Suggest another
              </Button>
              <Button onClick={() => setReply(null)}>Cancel</Button>
            </Box>
          </Box>
        ) : !review.reply ? (
          <Box>
            <Button variant="outlined" disabled={draft.isMutating} onClick={() => void handleDraft()}>
              Draft a reply
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
