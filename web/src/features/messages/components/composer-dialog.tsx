// The composer: a personal message to one client, drafted for an occasion (by AI for Pro agents, by
// Hearthside's own composer otherwise), edited by the agent and sent by e-mail or text. It says which
// engine wrote the draft, why a channel cannot be used, and what happened to the message.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Client, Draft, SendMessageResult } from '@shared/api-types';
import {
  DRAFT_INSTRUCTIONS_MAX,
  DRAFT_VARIANT_MAX,
  smsSegments,
  type DraftOccasion,
  type DraftTone,
} from '@shared/drafts';
import { messageSchema, type MessageChannel } from '@shared/messages';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { DialogForm } from '@/components/ui/form-dialog';
import { MessageDraftFields, type MessageDraft } from '@/components/ui/message-draft-fields';
import { useUser } from '@/lib/auth';
import { sendErrorMessage } from '@/lib/email-verification';
import { serverFieldErrors, validOrShowErrors } from '@/lib/form-errors';
import { useRetained } from '@/lib/use-retained';
import { useDraftMessage } from '../api/draft-message';
import { SMS_CONSENT_MESSAGES } from '@shared/sms-consent';
import { SmsConsentAttestation } from '@/components/ui/sms-consent-attestation';
import { useSendMessage } from '../api/send-message';
import { firstName } from '../message-text';
import { ChannelChoice, DraftSettings, SuggestDraft } from './composer-fields';
import { ComposerOutcome } from './composer-outcome';

/** A draft to ask for as the composer opens ("Write it for me" on Today): its instructions and preferred channel. */
export type ComposerDraftRequest = { instructions: string; channel: MessageChannel };

/**
 * `label`: a custom date's, when the composer opens on one (its draft is written for it). `draft`: the composer asks
 * for that draft at once.
 */
export type ComposerTarget = { client: Client; occasion: DraftOccasion; label?: string; draft?: ComposerDraftRequest };

/** Why each channel cannot be used for this client, or null when it can. */
export function channelProblems(client: Client): Record<MessageChannel, string | null> {
  const name = firstName(client.name);
  return {
    email: !client.email
      ? 'No e-mail address on file'
      : client.emailOptedOut
        ? `${name} unsubscribed from your e-mails`
        : null,
    sms: !client.phone ? 'No phone number on file' : client.smsOptedOut ? `${name} replied STOP to your texts` : null,
  };
}

type ComposerDialogProps = { target: ComposerTarget | null; onClose: () => void };

export function ComposerDialog({ target, onClose }: ComposerDialogProps) {
  // The name stays in the title while the dialog fades out.
  const shown = useRetained(target);
  return (
    <DialogFrame
      open={Boolean(target)}
      onClose={onClose}
      title={`Message ${shown?.client.name ?? ''}`}
      fullScreenOnPhone
    >
      {target ? <Composer key={`${target.client.id}-${target.occasion}`} target={target} /> : null}
    </DialogFrame>
  );
}

type FieldErrors = Partial<Record<keyof MessageDraft, string>>;

/** The channel the composer starts on: the preferred one when it can be used, else e-mail unless only a text can go. */
function firstChannel(problems: Record<MessageChannel, string | null>, preferred?: MessageChannel): MessageChannel {
  if (preferred && problems[preferred] === null) return preferred;
  return problems.email && !problems.sms ? 'sms' : 'email';
}

function Composer({ target }: { target: ComposerTarget }) {
  const { client } = target;
  const { user } = useUser();
  const problems = channelProblems(client);
  const [occasion, setOccasion] = useState<DraftOccasion>(target.occasion);
  const [channel, setChannel] = useState<MessageChannel>(() => firstChannel(problems, target.draft?.channel));
  const [tone, setTone] = useState<DraftTone>('warm');
  const [instructions, setInstructions] = useState(target.draft?.instructions ?? '');
  const [fields, setFields] = useState<MessageDraft>({ subject: '', body: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  const [variant, setVariant] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<SendMessageResult | null>(null);
  const drafting = useDraftMessage();
  const sending = useSendMessage();

  const unverified = user ? !user.emailVerified : false;
  // A text needs the client's consent: without it the composer says why and offers the agent's attestation.
  const [smsConsent, setSmsConsent] = useState(client.smsConsent);
  const needsConsent = channel === 'sms' && problems.sms === null && smsConsent.status !== 'granted';
  const blocked = unverified || problems[channel] !== null || needsConsent;

  const suggest = async () => {
    setProblem(null);
    try {
      const next = await drafting.trigger({
        clientId: client.id,
        occasion,
        channel,
        tone,
        instructions: instructions.trim() || undefined,
        ...(occasion === 'custom' && target.label ? { label: target.label } : {}),
        variant,
      });
      setDraft(next);
      setVariant((v) => (v + 1) % (DRAFT_VARIANT_MAX + 1));
      setFields({ subject: next.subject ?? fields.subject, body: next.body });
      setFieldErrors({});
    } catch (error) {
      setProblem(sendErrorMessage(error));
    }
  };

  const send = async () => {
    setProblem(null);
    const message = validOrShowErrors(
      messageSchema,
      { channel, subject: channel === 'email' ? fields.subject : undefined, body: fields.body, occasion },
      setFieldErrors,
    );
    if (!message) return;
    try {
      setResult(await sending.trigger({ clientId: client.id, message }));
    } catch (error) {
      setFieldErrors(serverFieldErrors(error, ['subject', 'body'] as const));
      setProblem(sendErrorMessage(error));
    }
  };

  // The draft asked for on opening, once (the ref: not again on React's second mount in development); later drafts
  // are the agent's to ask for.
  const draftAsked = useRef(false);
  const askFirstDraft = useEffectEvent(() => void suggest());
  useEffect(() => {
    if (!target.draft || draftAsked.current) return;
    draftAsked.current = true;
    askFirstDraft();
  }, [target.draft]);

  const isPro = user?.isPro === true;
  const segments = smsSegments(fields.body);

  return (
    <DialogForm
      onSubmit={send}
      error={problem}
      submitLabel={channel === 'sms' ? 'Send text' : 'Send e-mail'}
      busyLabel="Sending..."
      submitDisabled={blocked}
      done={result ? <ComposerOutcome client={client} result={result} /> : null}
    >
      <Stack spacing={2.5}>
        {unverified ? (
          <Alert severity="warning">
            Verify your e-mail address before you send: messages go out in your name. Use &quot;Resend link&quot; at the
            top of the page if you need a new one.
          </Alert>
        ) : null}
        <DraftSettings occasion={occasion} tone={tone} onOccasionChange={setOccasion} onToneChange={setTone} />
        <ChannelChoice channel={channel} problems={problems} onChange={setChannel} />
        {needsConsent ? (
          <Alert severity="info">
            <Stack spacing={1}>
              <span>{SMS_CONSENT_MESSAGES.noConsent}</span>
              <SmsConsentAttestation
                client={{ ...client, smsConsent }}
                onSaved={(saved) => setSmsConsent(saved.smsConsent)}
              />
            </Stack>
          </Alert>
        ) : null}
        <TextField
          label="Instructions for the draft (optional)"
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
          multiline
          minRows={2}
          placeholder="e.g. mention the new park near their street"
          slotProps={{ htmlInput: { maxLength: DRAFT_INSTRUCTIONS_MAX } }}
          helperText={`${instructions.length}/${DRAFT_INSTRUCTIONS_MAX}`}
        />
        <SuggestDraft draft={draft} isPro={isPro} isDrafting={drafting.isMutating} onSuggest={() => void suggest()} />
        <MessageDraftFields
          draft={fields}
          errors={fieldErrors}
          onChange={setFields}
          withSubject={channel === 'email'}
          minRows={channel === 'sms' ? 4 : 7}
          bodyHint={
            channel === 'sms'
              ? `${fields.body.length} characters · ${segments} SMS ${segments === 1 ? 'segment' : 'segments'}`
              : undefined
          }
        />
      </Stack>
    </DialogForm>
  );
}
