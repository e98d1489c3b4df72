// `npm run smoke -- --url https://<deployment> [--sign-up [--email <address>]]`: the smoke checks of
// scripts/smoke-checks.ts against a deployment (or the local runtime), one line each; exits 1 when any fails.
// `--sign-up` also registers a throwaway account (by default an SES mailbox simulator address, which SES accepts even
// in its sandbox), checks its session and a client write, then closes it.
import { runSmoke } from './smoke-checks';

const USAGE = 'Usage: npm run smoke -- --url https://<deployment> [--sign-up [--email <address>]]';

function valueOf(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<void> {
  const url = valueOf('--url');
  if (!url || !/^https?:\/\//.test(url)) throw new Error(USAGE);
  const email = valueOf('--email');
  if (process.argv.includes('--email') && (!email || !email.includes('@'))) throw new Error(USAGE);
  const signUp = process.argv.includes('--sign-up') ? { email } : false;
  const checks = await runSmoke(url, { signUp });
  for (const c of checks) process.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} (${c.detail})\n`);
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(`${checks.length - failed} of ${checks.length} checks passed\n`);
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
