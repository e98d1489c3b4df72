// POST /api/clients/import: a CSV or vCard (.vcf) file (multipart). New e-mails become clients within the plan's
// cap; e-mails the agent already has update those clients; rows (or cards) that fail are reported by their place in the
// file. While another import of the agent's runs: 409 IMPORT_RUNNING.
// Admin mode: an administrator sending the form field `agentId` imports for that agent, within that agent's plan.
import type { ImportResult } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { IMPORT_ACCEPTS, importFormatOf, importUnitOf, parseClientFile } from '../../domain/client-import';
import { importSummary } from '../../domain/import-report';
import {
  IMPORT_MAX_BYTES,
  ImportFormatError,
  ImportTooLargeError,
  ImportTooManyRowsError,
} from '../../domain/import-rows';
import {
  isRefusal,
  type ImportRunning,
  type InvalidAgentId,
  type NoFile,
  type RefusalOf,
  type UnreadableFile,
  type UnsupportedFile,
} from '../../domain/refusals';
import { actingAgent, parseAgentId } from '../../services/acting-agent';
import { ACTING_AGENT_ANSWERS, INVALID_AGENT_ID_ANSWERS } from '../../http/acting-agent-refusals';
import { badRequest, errorAnswer, HttpError, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { IMPORT_RUNNING_ANSWERS } from '../../http/import-refusals';
import { parseMultipart } from '../../http/multipart';
import { importClients } from '../../services/client-import';
import { whileImportLocked } from '../../services/import-jobs';

const NO_FILE = 'Choose a .csv or .vcf file to import.';

const tooLarge = (error: Error) => new HttpError(413, error.message, { code: 'FILE_TOO_LARGE' });
const ERRORS = [errorAnswer(ImportTooLargeError, tooLarge), errorAnswer(ImportTooManyRowsError, tooLarge)];
const REFUSALS = refusalAnswers<
  InvalidAgentId | ImportRunning | RefusalOf<typeof actingAgent> | NoFile | UnsupportedFile | UnreadableFile
>({
  ...INVALID_AGENT_ID_ANSWERS,
  ...IMPORT_RUNNING_ANSWERS,
  ...ACTING_AGENT_ANSWERS,
  'no-file': () => badRequest(NO_FILE, { file: NO_FILE }, 'NO_FILE'),
  'unsupported-file': () => badRequest(IMPORT_ACCEPTS, { file: IMPORT_ACCEPTS }, 'NOT_CSV'),
  'unreadable-file': ({ format, problem }) =>
    badRequest(problem, undefined, format === 'csv' ? 'NOT_CSV' : 'NOT_VCARD'),
});

export const handler = defineHandler(
  'clients/post-clients-import',
  { errors: ERRORS, refusals: REFUSALS },
  async ({ user, rawBody, event, log }) => {
    const { files, fields } = await parseMultipart(rawBody, event.headers?.['content-type'], {
      maxFileBytes: IMPORT_MAX_BYTES,
      tooLargeMessage: new ImportTooLargeError(IMPORT_MAX_BYTES + 1).message,
    });
    const agentId = parseAgentId(fields.agentId);
    if (isRefusal(agentId)) return agentId;
    const agent = await actingAgent(user, agentId);
    if (isRefusal(agent)) return agent;
    const file = files[0];
    if (!file || file.data.length === 0) return { kind: 'no-file' };
    const format = importFormatOf(file.filename, file.mimeType);
    if (!format) return { kind: 'unsupported-file' };
    const unit = importUnitOf(format);

    const today = todayIn(agent.timeZone);
    let parsed;
    try {
      parsed = parseClientFile(format, file.data, { today });
    } catch (error) {
      if (error instanceof ImportFormatError) return { kind: 'unreadable-file', format, problem: error.message };
      throw error;
    }

    const outcome = await whileImportLocked(agent.id, () => importClients(agent, parsed.rows, today, log));
    if (isRefusal(outcome)) return outcome;
    const { imported, updated, capped } = outcome;
    const skipped = capped + parsed.errors.length;
    const result: ImportResult = {
      imported,
      updated,
      skipped,
      errors: parsed.errors,
      warnings: parsed.warnings,
      unit,
      message: importSummary(
        { imported, updated, capped, invalid: parsed.errors.length },
        agent.id === user.id ? 'the free plan' : `${agent.username}'s free plan`,
        unit,
      ),
    };
    log.info('clients imported', { imported, updated, skipped });
    return { body: result };
  },
);
