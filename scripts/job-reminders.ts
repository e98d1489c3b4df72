// `npm run job:reminders [-- --date YYYY-MM-DD]`: the reminders job once, in this process, against
// the local runtime's data (DATA_DIR, default .data): every agent's digest for that local date
// (default: today here), mail and SMS to the outbox. Agents already done that day are skipped.
// It opens the same LevelDB as `npm start`, so stop the server first.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Level } from 'level';
import { isCalendarDate, todayIn } from '@shared/dates';
import { resetConfig } from '../functions/config';
import { runRemindersForDate } from '../functions/local/reminders-job';
import { delivered } from '../functions/local/twin/deliveries';
import { startLocalRuntime, type LocalRuntime } from '../functions/local/server';

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/**
 * LevelDB lets one process open a database. Opening it here first (with the same `level` package
 * dynalite uses) turns "the server holds it" into a plain message instead of dynalite's crash.
 */
async function databaseInUse(dataDir: string): Promise<boolean> {
  const path = join(dataDir, 'dynamodb');
  if (!existsSync(path)) return false;
  const probe = new Level(path);
  try {
    await probe.open({ createIfMissing: false });
    return false;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') return true;
    return false;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const date = argument('date') ?? todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  if (!isCalendarDate(date)) throw new Error(`--date must be a date like 2025-03-09 (got "${date}")`);
  const dataDir = resolve(process.env.DATA_DIR?.trim() || '.data');
  if (await databaseInUse(dataDir)) throw new Error(lockMessage(dataDir));
  const runtime: LocalRuntime = await startLocalRuntime({
    dataDir,
    seed: 'none',
    hourlyReminders: false,
    webDir: join(dataDir, 'no-web'),
  });
  // Links in the messages point at the app as `npm start` serves it, not at this short-lived server.
  process.env.APP_URL = `http://localhost:${Number(process.env.PORT ?? 3000)}`;
  resetConfig();
  try {
    process.stdout.write(`Reminders job for ${date} (data in ${dataDir})\n`);
    const result = delivered(await runRemindersForDate(date));
    process.stdout.write(
      `${result.queued} agent(s) due, ${result.processed} done, ${result.failed} failed. Mail and SMS are in ${runtime.outboxDir}\n`,
    );
    if (result.failed > 0) process.exitCode = 1;
  } finally {
    await runtime.close();
  }
}

function lockMessage(dataDir: string): string {
  return `The local database in ${dataDir} is in use (is \`npm start\` running?). Stop the server first: the server itself runs this job every hour while it is up.`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
