// PATCH /api/clients/{id}: edits one of the agent's clients. Fields left out stay as they are;
// optional fields sent as null or '' are cleared. The result is validated as a whole client.
// `tags` (a list, or null for none: shared/tags.ts) replaces the client's tags.
// `automationsPaused` (true or false) stops or resumes the automatic messages for this client.
// `smsConsent` ("granted" or "none") is the agent's attestation of the client's consent to texts, recorded with its
// time; a client who texted STOP is refused (409 OPTED_OUT): only their own START undoes it.
// Admin mode: an administrator edits any client (found by id, or within the `agentId` sent).
import * as yup from 'yup';
import { clientSchema, PATCHABLE_CLIENT_FIELDS as EDITABLE, type ClientInput } from '@shared/client-schema';
import { tagsSchema } from '@shared/tags';
import { ATTESTABLE_SMS_CONSENT, SMS_CONSENT_MESSAGES, type AttestableSmsConsent } from '@shared/sms-consent';
import { toClient } from '../../data/clients';
import { isRefusal, type InvalidAgentId, type InvalidInput, type RefusalOf } from '../../domain/refusals';
import { clientForEdit, parseAgentId } from '../../services/acting-agent';
import { editClient } from '../../services/clients';
import { ACTING_AGENT_ANSWERS, INVALID_AGENT_ID_ANSWERS } from '../../http/acting-agent-refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler, validate } from '../../http/handler';
import { invalidInputAnswer } from '../../http/request-refusals';

const PAUSE_MESSAGE = 'automationsPaused must be true or false';
const NOTHING_TO_CHANGE = `Send at least one of: ${[...EDITABLE, 'automationsPaused', 'smsConsent', 'tags'].join(', ')}.`;

const REFUSALS = refusalAnswers<
  InvalidAgentId | InvalidInput | RefusalOf<typeof clientForEdit> | RefusalOf<typeof editClient>
>({
  ...INVALID_AGENT_ID_ANSWERS,
  'invalid-input': invalidInputAnswer(),
  'opted-out': () => new HttpError(409, SMS_CONSENT_MESSAGES.optedOut, { code: 'OPTED_OUT' }),
  ...ACTING_AGENT_ANSWERS,
  'not-found': ({ what }) => notFound(what === 'agent' ? 'Agent not found' : 'Client not found'),
});

export const handler = defineHandler(
  'clients/patch-client',
  { errors: CLIENT_WRITE_ERRORS, refusals: REFUSALS },
  async ({ user, params, body }) => {
    const sent = (body ?? {}) as Record<string, unknown>;
    const agentId = parseAgentId(sent.agentId);
    if (isRefusal(agentId)) return agentId;
    const found = await clientForEdit(user, params.id ?? '', agentId);
    if (isRefusal(found)) return found;
    const current = found.client;
    const edits = Object.fromEntries(EDITABLE.filter((f) => f in sent).map((f) => [f, sent[f]]));
    const pause = sent.automationsPaused;
    if (pause !== undefined && typeof pause !== 'boolean')
      return { kind: 'invalid-input', problem: PAUSE_MESSAGE, field: 'automationsPaused' };
    const consent = sent.smsConsent;
    if (consent !== undefined && !(ATTESTABLE_SMS_CONSENT as readonly unknown[]).includes(consent))
      return { kind: 'invalid-input', problem: SMS_CONSENT_MESSAGES.attestationValue, field: 'smsConsent' };
    const tags = 'tags' in sent ? await validate(yup.object({ tags: tagsSchema }), { tags: sent.tags }) : undefined;
    if (Object.keys(edits).length === 0 && pause === undefined && consent === undefined && tags === undefined)
      return { kind: 'invalid-input', problem: NOTHING_TO_CHANGE };
    const merged = { ...Object.fromEntries(EDITABLE.map((f) => [f, current[f] ?? undefined])), ...edits };
    const valid: ClientInput = await validate(clientSchema, merged);
    const changes = {
      ...Object.fromEntries(EDITABLE.filter((f) => f in edits).map((f) => [f, valid[f] ?? null])),
      ...(pause === undefined ? {} : { automationsPaused: pause }),
      ...(tags === undefined ? {} : { tags: tags.tags ?? [] }),
    };
    const updated = await editClient(found, { changes, smsConsent: consent as AttestableSmsConsent | undefined });
    return isRefusal(updated) ? updated : { body: toClient(updated) };
  },
);
