// A Pro agent's draft when the model fails, against the table and a mocked Bedrock client: the agent gets the local
// draft marked `engine.fallback` with a note saying why, and operators get one warn line with the reason and Bedrock's
// own error (a model not enabled, or not offered in the region, shows there first). Never silent.
import { AccessDeniedException, BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { DEFAULT_AI_MODEL_ID, resetConfig } from '../config';
import { getUserById, type UserItem } from '../data/users';
import { resetAiClients } from '../integrations/ai-drafts';
import { converseAnswer } from '../testing/bedrock';
import { agentItem, clientItem, makePro } from '../testing/factories';
import { captureOutput, type OutputLine } from '../testing/output';
import { startTestTable, type TestTable } from '../testing/table';
import { writeDraft } from './drafts';

const bedrock = mockClient(BedrockRuntimeClient);

let testTable: TestTable;
let agent: UserItem;
let clientId: string;

beforeAll(async () => {
  process.env.SESSION_SECRET = 'drafts-service-test-root-secret-0123456789';
  process.env.AI_PROVIDER = 'bedrock';
  testTable = await startTestTable();
  resetAiClients();
  const created = await agentItem();
  await makePro(created.id);
  agent = (await getUserById(created.id, true))!;
  clientId = (await clientItem(agent.id, { name: 'Jane Doe' })).id;
});
beforeEach(() => bedrock.reset());
afterAll(async () => {
  delete process.env.AI_PROVIDER;
  resetConfig();
  await testTable.close();
});

const request = { occasion: 'check-in', channel: 'sms', tone: 'warm' } as const;

/** The draft, and the fallback lines logged at warn or above (the tests run with LOG_LEVEL=silent otherwise). */
async function draftLogged() {
  let drafted: Awaited<ReturnType<typeof writeDraft>> | undefined;
  const lines = await captureOutput({ LOG_LEVEL: 'warn' }, async () => {
    drafted = await writeDraft(agent, clientId, request);
  });
  const fallbacks = lines.filter((line: OutputLine) => line.message === 'AI draft fell back to the local composer');
  return { drafted: drafted!, fallbacks };
}

describe("a Pro agent's draft the model could not write", () => {
  it('is the local draft with engine.fallback and a note, and logs a warning with the reason and Bedrock’s error', async () => {
    // Prepare: the model not enabled in the region (what Bedrock answers then).
    bedrock.on(ConverseCommand).rejects(
      new AccessDeniedException({
        message: "You don't have access to the model with the specified model ID.",
        $metadata: {},
      }),
    );
    // Act
    const { drafted, fallbacks } = await draftLogged();
    // Assess
    expect(drafted).toMatchObject({
      outcome: 'draft',
      draft: {
        engine: { provider: 'local', model: null, fallback: true },
        note: 'Written without AI: this account may not use the AI model (access denied), so this is a suggested draft instead.',
      },
    });
    expect(fallbacks).toEqual([
      expect.objectContaining({
        level: 'warn',
        reason: 'this account may not use the AI model (access denied)',
        provider: 'bedrock',
        model: DEFAULT_AI_MODEL_ID,
        agentId: agent.id,
        cause: {
          name: 'AccessDeniedException',
          message: "You don't have access to the model with the specified model ID.",
        },
      }),
    ]);
  });

  it('logs the check that refused what the model wrote', async () => {
    // Prepare: a draft with a link the code did not put there.
    bedrock
      .on(ConverseCommand)
      .resolves(converseAnswer({ subject: null, body: 'Hi Jane, see https://evil.example now. Dana' }));
    // Act
    const { drafted, fallbacks } = await draftLogged();
    // Assess
    expect(drafted).toMatchObject({ outcome: 'draft', draft: { engine: { fallback: true } } });
    expect(fallbacks).toEqual([
      expect.objectContaining({ level: 'warn', reason: expect.stringMatching(/^the AI draft was not used because /) }),
    ]);
  });

  it('logs nothing of the kind when the model wrote the draft', async () => {
    // Prepare
    bedrock
      .on(ConverseCommand)
      .resolves(converseAnswer({ subject: null, body: 'Hi Jane, thinking of you this week! Dana' }));
    // Act
    const { drafted, fallbacks } = await draftLogged();
    // Assess
    expect(drafted).toMatchObject({ outcome: 'draft', draft: { engine: { provider: 'bedrock' } } });
    expect(fallbacks).toEqual([]);
  });
});
