// Captures the JSON lines (log lines, EMF lines) the code writes to stdout and stderr while fn runs.
import { applySettings } from './settings';

export type OutputLine = Record<string, unknown>;

/** Runs fn with these environment variables set (and the configuration re-read), then restores both. */
export async function captureOutput(
  env: Record<string, string | undefined>,
  fn: () => Promise<unknown>,
): Promise<OutputLine[]> {
  return (await captureText(env, fn))
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as OutputLine);
}

/** All the text fn writes to stdout and stderr, as captureOutput runs it, JSON or not. */
export async function captureText(
  env: Record<string, string | undefined>,
  fn: () => Promise<unknown>,
): Promise<string> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const chunks: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  };
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  applySettings(env);
  try {
    await fn();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    applySettings(saved);
  }
  return chunks.join('');
}

/** The lines that are EMF documents (they carry `_aws`). */
export const emfLines = (lines: OutputLine[]) => lines.filter((line) => '_aws' in line);
