// PATCH /api/clients/{id}: edits one of the agent's clients. Fields left out stay as they are;
// optional fields sent as null or '' are cleared. Each field sent is validated by the client schema's rule for it (the
// others were when they were written; no rule of the schema reads another field).
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

const TAGS = yup.object({ tags: tagsSchema });
type Editable = (typeof EDITABLE)[number];
/** The schema of each set of fields a PATCH sends, made once (at most one per subset of the editable fields). */
const schemas = new Map<string, ReturnType<typeof clientSchema.pick<Editable>>>();
function schemaOf(fields: Editable[]) {
  const key = fields.join(',');
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = clientSchema.pick(fields)));
  return schema;
}

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
    const fields = EDITABLE.filter((f) => f in sent);
    const edits = Object.fromEntries(fields.map((f) => [f, sent[f]]));
    const pause = sent.automationsPaused;
    if (pause !== undefined && typeof pause !== 'boolean')
      return { kind: 'invalid-input', problem: PAUSE_MESSAGE, field: 'automationsPaused' };
    const consent = sent.smsConsent;
    if (consent !== undefined && !(ATTESTABLE_SMS_CONSENT as readonly unknown[]).includes(consent))
      return { kind: 'invalid-input', problem: SMS_CONSENT_MESSAGES.attestationValue, field: 'smsConsent' };
    const tags = 'tags' in sent ? await validate(TAGS, { tags: sent.tags }) : undefined;
    if (fields.length === 0 && pause === undefined && consent === undefined && tags === undefined)
      return { kind: 'invalid-input', problem: NOTHING_TO_CHANGE };
    const valid: Partial<ClientInput> = fields.length ? await validate(schemaOf(fields), edits) : {};
    const changes = {
      ...Object.fromEntries(fields.map((f) => [f, valid[f] ?? null])),
      ...(pause === undefined ? {} : { automationsPaused: pause }),
      ...(tags === undefined ? {} : { tags: tags.tags ?? [] }),
    };
    const updated = await editClient(found, { changes, smsConsent: consent as AttestableSmsConsent | undefined });
    return isRefusal(updated) ? updated : { body: toClient(updated) };
  },
);
