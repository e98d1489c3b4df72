// `npm run smoke -- --url https://<deployment>`: the smoke checks of scripts/smoke-checks.ts against a
// deployment (or the local runtime), one line each; exits 1 when any fails.
import { runSmoke } from './smoke-checks';

async function main(): Promise<void> {
  const index = process.argv.indexOf('--url');
  const url = index === -1 ? undefined : process.argv[index + 1];
  if (!url || !/^https?:\/\//.test(url)) throw new Error('Usage: npm run smoke -- --url https://<deployment>');
  const checks = await runSmoke(url);
  for (const c of checks) process.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} (${c.detail})\n`);
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(`${checks.length - failed} of ${checks.length} checks passed\n`);
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
