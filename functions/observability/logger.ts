// JSON log lines. Inside an invocation every line carries its request ids, route or job, function
// name and cold start flag (functions/observability/invocation.ts), so one request's lines are
// found together in CloudWatch Logs Insights whichever module wrote them.
import { config } from '../config';
import { currentInvocation } from './invocation';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/** LOG_LEVEL; `info` while the configuration cannot be read (whoever reads it reports why: logging must still work). */
export function logLevel(): Level | 'silent' {
  try {
    return config().logLevel;
  } catch {
    return 'info';
  }
}

export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write =
    (level: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[level] < order[logLevel()]) return;
      const line = JSON.stringify({
        level,
        time: new Date().toISOString(),
        message,
        ...currentInvocation()?.fields,
        ...base,
        ...serialize(fields),
      });
      (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

function serialize(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}
