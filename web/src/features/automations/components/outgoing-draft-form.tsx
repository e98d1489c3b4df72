// The draft of a Today message being edited (web/src/features/automations/components/outgoing-card.tsx), loaded when
// the agent edits one.
import CheckRounded from '@mui/icons-material/CheckRounded';
import Button from '@mui/material/Button';
import { messageSchema } from '@shared/messages';
import { MessageDraftFields } from '@/components/ui/message-draft-fields';
import { NamedForm } from '@/components/ui/named-form';
import { validOrShowErrors } from '@/lib/form-errors';
import { Actions, type CardPartProps } from './outgoing-card-parts';

/** The draft being edited, approved once it is checked. */
export function DraftForm({ message, card, working }: CardPartProps) {
  const isEmail = message.channel === 'email';
  const approveEdited = () => {
    const { draft } = card;
    const checked = validOrShowErrors(
      messageSchema,
      { channel: message.channel, subject: isEmail ? draft.subject : undefined, body: draft.body },
      card.setErrors,
    );
    if (!checked) return;
    void card.approve(isEmail ? { subject: checked.subject, body: checked.body } : { body: checked.body });
  };
  return (
    <NamedForm
      label={`Edit the message to ${message.clientName}`}
      onSubmit={approveEdited}
      sx={{ display: 'grid', gap: 2 }}
    >
      <MessageDraftFields
        draft={card.draft}
        errors={card.errors}
        onChange={card.setDraft}
        withSubject={isEmail}
        minRows={isEmail ? 6 : 3}
      />
      <Actions>
        <Button type="submit" variant="contained" startIcon={<CheckRounded />} disabled={working}>
          {card.isApproving ? 'Sending...' : 'Approve'}
        </Button>
        <Button onClick={card.cancelEdit} disabled={working}>
          Cancel
        </Button>
      </Actions>
    </NamedForm>
  );
}
