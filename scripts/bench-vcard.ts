// `npm run bench` section "vcard": a 3 MB vCard file whose one card carries a folded 3 MB photo,
// against a small file of the same card without it. The parser drops the photo as it reads it
// (functions/domain/vcard-import.ts, CardReader), so the big file must cost about what the small
// one does: reported as ratios to the small file, for the parse alone (the request's reader and the
// job's streamed first pass) and for the whole import through the job over the local HTTP server.
import { todayIn } from '@shared/dates';
import { planImportFile } from '../functions/domain/import-stream';
import { parseClientVcards } from '../functions/domain/vcard-import';
import { importThroughJob } from '../functions/testing/imports';
import { signedInAgent, startTestApi } from '../functions/testing/local-api';
import { appleCard, cardWith, foldedPhoto, vcf } from '../functions/testing/vcards';
import { percentile, ratio } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };

const MB = 1024 * 1024;
const RUNS = 5;

async function timed(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return percentile(times, 50, 1);
}

export async function benchVcard(): Promise<Figures> {
  const small = Buffer.from(vcf(appleCard()), 'utf8');
  const big = Buffer.from(vcf(cardWith(foldedPhoto(3 * MB))), 'utf8');
  const today = todayIn('America/Chicago');
  const parse = (file: Buffer) => () => {
    const result = parseClientVcards(file, { today });
    if (result.rows.length !== 1) throw new Error(`the card was not read: ${JSON.stringify(result.errors)}`);
  };
  const plan = (file: Buffer) => () =>
    planImportFile(
      'vcard',
      async function* () {
        for (let at = 0; at < file.length; at += 64 * 1024) yield file.subarray(at, at + 64 * 1024);
      },
      { today, maxRows: 10, unit: 'card' },
    );
  const parseMs = { small: await timed(RUNS, parse(small)), big: await timed(RUNS, parse(big)) };
  const planMs = { small: await timed(RUNS, plan(small)), big: await timed(RUNS, plan(big)) };

  const testApi = await startTestApi();
  let importMs: { small: number; big: number };
  try {
    const { client } = await signedInAgent(testApi);
    const run = (file: Buffer) => async () => {
      const job = await importThroughJob(client, file, 'contacts.vcf', 'text/vcard');
      if (job.status !== 'done' || job.imported + job.updated !== 1)
        throw new Error(`the import ended ${job.status}: ${job.message}`);
    };
    importMs = { small: await timed(3, run(small)), big: await timed(3, run(big)) };
  } finally {
    await testApi.close();
  }
  const rows = [
    ['the request’s reader (parseClientVcards)', parseMs],
    ['the job’s streamed first pass (planImportFile, 64 KB chunks)', planMs],
    ['the whole import through the job (create, upload, start, done)', importMs],
  ] as const;
  return {
    report: {
      bigFileMb: Math.round((big.length / MB) * 10) / 10,
      smallFileBytes: small.length,
      parseMs,
      planMs,
      importMs,
      ratios: Object.fromEntries(rows.map(([name, ms]) => [name, ratio(ms.big, ms.small)])),
    },
    lines: [
      '## A vCard with a 3 MB folded photo',
      '',
      `One iPhone card carrying a folded ${(big.length / MB).toFixed(1)} MB photo, against the same card without it (${small.length} bytes). PHOTO, LOGO, SOUND and KEY are dropped as the lines are read, their folded lines skipped unjoined, and the rest of a card is joined once: the big file costs a scan of its bytes. Medians of ${RUNS} runs (the imports: 3).`,
      '',
      '| step | small file, ms | 3 MB photo, ms | × small |',
      '|---|---:|---:|---:|',
      ...rows.map(([name, ms]) => `| ${name} | ${ms.small} | ${ms.big} | ${ratio(ms.big, ms.small)} |`),
      '',
    ],
  };
}
