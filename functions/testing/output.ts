// Captures the JSON lines (log lines, EMF lines) the code writes to stdout and stderr while fn runs.
import { resetConfig } from '../config';

export type OutputLine = Record<string, unknown>;

/** Runs fn with these environment variables set (and the configuration re-read), then restores both. */
export async function captureOutput(
  env: Record<string, string | undefined>,
  fn: () => Promise<unknown>,
): Promise<OutputLine[]> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const chunks: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  };
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  for (const [name, value] of Object.entries(env)) setEnv(name, value);
  resetConfig();
  try {
    await fn();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    for (const [name, value] of Object.entries(saved)) setEnv(name, value);
    resetConfig();
  }
  return chunks
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as OutputLine);
}

function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The lines that are EMF documents (they carry `_aws`). */
export const emfLines = (lines: OutputLine[]) => lines.filter((line) => '_aws' in line);
