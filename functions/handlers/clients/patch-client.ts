// PATCH /api/clients/{id}: edits one of the agent's clients. Fields left out stay as they are;
// optional fields sent as null or '' are cleared. The result is validated as a whole client.
// `tags` (a list, or null for none: shared/tags.ts) replaces the client's tags.
// `automationsPaused` (true or false) stops or resumes the automatic messages for this client.
// `smsConsent` ("granted" or "none") is the agent's attestation of the client's consent to texts, recorded with its
// time; a client who texted STOP is refused (409 OPTED_OUT): only their own START undoes it.
// Admin mode: an administrator edits any client (found by id, or within the `agentId` sent).
import * as yup from 'yup';
import { clientSchema, PATCHABLE_CLIENT_FIELDS as EDITABLE, type ClientInput } from '@shared/client-schema';
import { todayIn } from '@shared/dates';
import { tagsSchema } from '@shared/tags';
import { ATTESTABLE_SMS_CONSENT, SMS_CONSENT_MESSAGES, type AttestableSmsConsent } from '@shared/sms-consent';
import { toClient, type ClientItem } from '../../data/clients';
import { updateClient } from '../../data/client-record';
import { carriedClientFields } from '../../data/opt-out-marks';
import { setSmsConsent } from '../../data/sms-consent';
import { awardDueMilestones } from '../../data/milestones';
import { isRefusal, type InvalidAgentId, type OptedOut, type RefusalOf } from '../../domain/refusals';
import { clientForEdit, parseAgentId } from '../../services/acting-agent';
import { ACTING_AGENT_ANSWERS, INVALID_AGENT_ID_ANSWERS } from '../../http/acting-agent-refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { badRequest, HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler, validate } from '../../http/handler';

const PAUSE_MESSAGE = 'automationsPaused must be true or false';

const REFUSALS = refusalAnswers<InvalidAgentId | RefusalOf<typeof clientForEdit> | OptedOut<'sms'>>({
  ...INVALID_AGENT_ID_ANSWERS,
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
      throw badRequest(PAUSE_MESSAGE, { automationsPaused: PAUSE_MESSAGE });
    const consent = sent.smsConsent;
    if (consent !== undefined && !(ATTESTABLE_SMS_CONSENT as readonly unknown[]).includes(consent))
      throw badRequest(SMS_CONSENT_MESSAGES.attestationValue, { smsConsent: SMS_CONSENT_MESSAGES.attestationValue });
    const tags = 'tags' in sent ? await validate(yup.object({ tags: tagsSchema }), { tags: sent.tags }) : undefined;
    if (Object.keys(edits).length === 0 && pause === undefined && consent === undefined && tags === undefined)
      throw badRequest(`Send at least one of: ${[...EDITABLE, 'automationsPaused', 'smsConsent', 'tags'].join(', ')}.`);
    const merged = { ...Object.fromEntries(EDITABLE.map((f) => [f, current[f] ?? undefined])), ...edits };
    const valid: ClientInput = await validate(clientSchema, merged);
    const changes = {
      ...Object.fromEntries(EDITABLE.filter((f) => f in edits).map((f) => [f, valid[f] ?? null])),
      ...(pause === undefined ? {} : { automationsPaused: pause }),
      ...(tags === undefined ? {} : { tags: tags.tags ?? [] }),
    };
    // The attestation first: refused, nothing of the request is applied.
    let attested: ClientItem = current;
    if (consent !== undefined) {
      // A number that was stopped (by a deleted client, or to the platform's number) stays stopped.
      if ((await carriedClientFields(current.agentId, { phone: current.phone })).smsConsent) {
        await setSmsConsent(current.agentId, current.id, { status: 'revoked', source: 'keyword' }, new Date());
        return { kind: 'opted-out', channel: 'sms' };
      }
      const status = consent as AttestableSmsConsent;
      const set = await setSmsConsent(current.agentId, current.id, { status, source: 'agent-attested' }, new Date(), {
        known: current,
        timeZone: found.agentTimeZone,
      });
      if (isRefusal(set)) return set;
      attested = set.client;
    }
    const updated =
      Object.keys(changes).length > 0 ? await updateClient(current.agentId, current.id, changes) : attested;
    if (!updated) return { kind: 'not-found', what: 'client' };
    await awardDueMilestones(updated, todayIn(found.agentTimeZone));
    return { body: toClient(updated) };
  },
);
