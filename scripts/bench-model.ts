// The model call of POST /api/clients/{id}/drafts, apart from the route (whose figures in the route
// table are written by the local composer, with no model). No model can run here, so what is timed
// is our side of the call: the OpenAI-compatible adapter (prompt, request, answer, JSON) against a
// loopback server that answers at once with a recorded chat-completions shape, next to its floor:
// one bare fetch of the same size to the same server. A real model adds its own generation time on
// top, bounded by the adapter's 10 s timeout (after which the draft falls back to the composer).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConfig } from '../functions/config';
import { checkModelDraft } from '../functions/domain/draft-output';
import { draftFacts } from '../functions/domain/draft-facts';
import { AI_DRAFT_TIMEOUT_MS, askModel, SYSTEM_PROMPT, userPrompt } from '../functions/integrations/ai-drafts';
import { percentile, ratio } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };

const SAMPLES = 300;
const ANSWER = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  model: 'bench-model',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      message: {
        role: 'assistant',
        content: JSON.stringify({
          subject: null,
          body: 'Hi Sam, happy 7th home anniversary! It was a joy helping you find your home. - Jamie Rivera',
        }),
      },
    },
  ],
  usage: { prompt_tokens: 310, completion_tokens: 38, total_tokens: 348 },
});

function listen(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(ANSWER);
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

export async function benchModelCall(): Promise<Figures> {
  const server = await listen();
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The settings the adapter reads; APP_URL and TABLE_NAME only so the configuration is whole when this section runs
  // alone.
  const settings = {
    AI_PROVIDER: 'openai',
    AI_BASE_URL: baseUrl,
    AI_MODEL: 'bench-model',
    APP_URL: process.env.APP_URL ?? 'http://localhost:3000',
    TABLE_NAME: process.env.TABLE_NAME ?? 'bench',
  };
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  resetConfig();
  try {
    const facts = draftFacts({
      client: { name: 'Sam Carter', purchaseDate: '2019-12-01' },
      agent: { fullName: 'Jamie Rivera', businessName: 'Rivera Homes' },
      request: { occasion: 'home-anniversary', channel: 'sms', tone: 'warm' },
      today: '2026-11-24',
      reviewLink: null,
    });
    const body = JSON.stringify({
      model: 'bench-model',
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userPrompt(facts) },
      ],
    });
    const floor = async () => {
      const res = await fetch(`${baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.json();
    };
    const adapter = async () => {
      const answer = await askModel(facts);
      if (!checkModelDraft(answer.text, facts).ok) throw new Error('the recorded answer did not pass the draft check');
    };
    for (let i = 0; i < 20; i += 1) {
      await floor();
      await adapter();
    }
    const floorMs: number[] = [];
    const adapterMs: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      let t = performance.now();
      await floor();
      floorMs.push(performance.now() - t);
      t = performance.now();
      await adapter();
      adapterMs.push(performance.now() - t);
    }
    const row = {
      samples: SAMPLES,
      floorP50: percentile(floorMs, 50),
      adapterP50: percentile(adapterMs, 50),
      adapterP99: percentile(adapterMs, 99),
      p50Ratio: ratio(percentile(adapterMs, 50), percentile(floorMs, 50)),
      timeoutMs: AI_DRAFT_TIMEOUT_MS,
    };
    return {
      lines: [
        '## The model call of a draft',
        '',
        `The drafts route above is timed with the local composer (no model). Here is the model call on its own: the OpenAI-compatible adapter (prompt, request, answer, JSON, then the draft check) against a loopback server that answers at once with a recorded chat-completions answer, ${SAMPLES} samples interleaved with its floor, one bare \`fetch\` of the same request to the same server. A real model adds its generation time on top of this (the adapter gives up after ${AI_DRAFT_TIMEOUT_MS / 1000} s and the draft falls back to the composer); it cannot be measured on a machine with no model.`,
        '',
        '| call | floor p50 ms | adapter p50 ms | adapter p99 ms | adapter p50 × floor |',
        '|---|---:|---:|---:|---:|',
        `| chat completion (SMS draft) | ${row.floorP50} | ${row.adapterP50} | ${row.adapterP99} | ${row.p50Ratio} |`,
        '',
      ],
      report: row,
    };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfig();
    await new Promise((done) => server.close(done));
  }
}
