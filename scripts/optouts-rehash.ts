// `npm run optouts:rehash`: brings every kind of mark (opt-outs, suppressions, reply addresses) to the current
// signing root (functions/data/opt-out-marks.ts, rehashMarks). Run it once after the deploy that keyed the platform's
// opt-outs by a hash (it rewrites the records written before it, in clear, under their keyed hash and deletes the
// clear ones), and after each replacement of the signing root, while the secret still holds
// `{"keys":["<new>","<old>"]}` (it carries the old root's mark keys to the new one, so the old root can then leave the
// secret). With TABLE_NAME set it works on that table (AWS, with the usual AWS credentials and SESSION_SECRET or the
// unsubscribe key's secret as the functions read them); without it, on the local runtime's data in DATA_DIR (default
// .data), which `npm start` must not be using at the same time.
import { rehashMarks } from '../functions/data/opt-out-marks';
import { onOperatorData } from './operator-data';

async function main(): Promise<void> {
  const { rehashed, carriedKeys } = await onOperatorData(rehashMarks);
  process.stdout.write(`${rehashed} opt-out record(s) rewritten under their keyed hash\n`);
  process.stdout.write(
    carriedKeys.length
      ? `the mark keys of ${carriedKeys.length} older signing root(s) carried to the current one (${carriedKeys.join(', ')})\n`
      : 'no older signing root to carry: the secret holds one root\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
