// `npm start`: the whole product on this machine. PORT, DATA_DIR, SEED, ADMIN_EMAILS, APP_URL.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { startLocalRuntime } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT must be a port number');
  const seed = process.env.SEED?.trim();
  if (seed && seed !== 'demo' && seed !== 'none') throw new Error('SEED must be demo or none');
  const runtime = await startLocalRuntime({
    port,
    dataDir: process.env.DATA_DIR?.trim() || '.data',
    seed: seed as 'demo' | 'none' | undefined,
    adminEmails: process.env.ADMIN_EMAILS,
    appUrl: process.env.APP_URL?.trim() || undefined,
  });
  // Stopped by a signal from here on, before anything is printed: whoever waits for "Listening on" may send one at
  // once (a signal before its handler ends the process without its shutdown).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received, shutting down\n`);
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  if (runtime.seeded) {
    process.stdout.write(
      [
        'Demo accounts:',
        `  administrator  ${runtime.seeded.admin.username} / ${runtime.seeded.admin.password}`,
        `  agent          ${runtime.seeded.agent.username} / ${runtime.seeded.agent.password}`,
        `  free agent     ${runtime.seeded.freeAgent.username} / ${runtime.seeded.freeAgent.password}`,
        `Mail and SMS go to ${runtime.outboxDir}`,
        '',
      ].join('\n'),
    );
  }
  process.stdout.write(`Listening on ${runtime.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
