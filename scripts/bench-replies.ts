// `npm run bench` section "replies": the new text of a client's e-mail reply (functions/domain/reply-text.ts) on
// single lines of 12,500 to 100,000 characters made of " on " and " at " with no "wrote:" (the shape that made a
// backtracking reply parser cubic: 8,000 characters took 3.8 s there, 16,000 about 20 s), and on ordinary prose of the
// same sizes. Linear means the time per 1,000 characters stays flat as the line grows: reported with each size's
// ratio to the time a plain `split('\n')` and `join` of the same text takes (the floor: reading every character once).
import { replyText } from '../functions/domain/reply-text';
import { percentile, ratio } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };

const SIZES = [12_500, 25_000, 50_000, 100_000] as const;
const RUNS = 30;

function timed(fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return percentile(times, 50, 3);
}

export function benchReplies(): Figures {
  const shapes = {
    '" on at" repeated': (n: number) => ' on at'.repeat(Math.ceil(n / 6)).slice(0, n),
    prose: (n: number) =>
      'We could see the house on Elm Street at noon, then talk. '.repeat(Math.ceil(n / 57)).slice(0, n),
  };
  const rows = Object.entries(shapes).flatMap(([shape, make]) =>
    SIZES.map((size) => {
      const body = `Hi Jane,\n${make(size)}\nThanks\n\nOn Tue, 3 Mar 2026 at 10:02, Jane <r-x@reply.example> wrote:\n> Hi`;
      const ms = timed(() => replyText(body));
      const floorMs = timed(() => body.split('\n').join('\n'));
      return {
        shape,
        size,
        ms,
        perThousand: Number(((ms / size) * 1000).toFixed(4)),
        floorMs,
        ratio: ratio(ms, floorMs),
      };
    }),
  );
  return {
    lines: [
      '## The new text of an e-mail reply',
      '',
      `\`replyText\` (functions/domain/reply-text.ts) on one long line plus a greeting, a sign-off and a quoted attribution, median of ${RUNS} runs. Linear: the milliseconds per 1,000 characters stay flat as the line grows from 12,500 to 100,000 characters. The floor is a plain split into lines and join of the same text.`,
      '',
      '| line | characters | p50 ms | ms per 1,000 characters | floor ms | × floor |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.shape} | ${r.size.toLocaleString('en-US')} | ${r.ms} | ${r.perThousand} | ${r.floorMs} | ${r.ratio} |`,
      ),
      '',
    ],
    report: { rows },
  };
}
