// The subject (e-mail only) and the text of a message being written or edited, each with its error.
import TextField from '@mui/material/TextField';

export type MessageDraft = { subject: string; body: string };

type MessageDraftFieldsProps = {
  draft: MessageDraft;
  errors: Partial<Record<keyof MessageDraft, string>>;
  onChange: (draft: MessageDraft) => void;
  withSubject: boolean;
  /** The message field's height, in lines, before it grows. */
  minRows: number;
  /** Under the message while it has no error (a text's length). */
  bodyHint?: string;
};

export function MessageDraftFields({
  draft,
  errors,
  onChange,
  withSubject,
  minRows,
  bodyHint,
}: MessageDraftFieldsProps) {
  return (
    <>
      {withSubject ? (
        <TextField
          label="Subject"
          value={draft.subject}
          onChange={(e) => onChange({ ...draft, subject: e.target.value })}
          required
          error={Boolean(errors.subject)}
          helperText={errors.subject}
        />
      ) : null}
      <TextField
        label="Message"
        value={draft.body}
        onChange={(e) => onChange({ ...draft, body: e.target.value })}
        required
        multiline
        minRows={minRows}
        error={Boolean(errors.body)}
        helperText={errors.body ?? bodyHint}
      />
    </>
  );
}
