// Every request header the functions read must reach them through CloudFront: the /api/* origin
// request policy forwards only the headers it lists, and a header it drops is silently absent in AWS
// while every local test still sees it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../functions/http/client-ip';
import { API_HEADERS_CLOUDFRONT_SETS, API_ORIGIN_HEADERS } from './constructs/web';

const functionsDir = join(__dirname, '..', 'functions');
const NAMED: Record<string, string> = { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return ['local', 'testing'].includes(name) ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `requestHeader(event, 'x-name')`, `requestHeader(event, NAMED)` and `event.headers?.['x-name']`, by file. */
function headersRead(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources(functionsDir)) {
    const text = readFileSync(file, 'utf8');
    const patterns = [
      /requestHeader\([^,()]+,\s*(?:'([^']+)'|([A-Z_]+))\)/g,
      /(?:event|request)\.headers\?\.\[\s*'([^']+)'\s*\]/g,
    ];
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern)) {
        const name = match[1] ?? NAMED[match[2]!];
        if (!name) throw new Error(`${relative(functionsDir, file)} reads a header through ${match[0]}: name it here`);
        found.set(name.toLowerCase(), relative(functionsDir, file));
      }
  }
  return found;
}

describe('the headers the API reads', () => {
  it('are each forwarded by the /api/* origin request policy, or set by CloudFront itself', () => {
    // Prepare
    const reachable = new Set([...API_ORIGIN_HEADERS, ...API_HEADERS_CLOUDFRONT_SETS].map((h) => h.toLowerCase()));
    // Act
    const read = headersRead();
    // Assess
    const missing = [...read].filter(([name]) => !reachable.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    expect(read.get('x-twilio-signature')).toBe('handlers/twilio/post-twilio-inbound.ts');
    expect(read.size).toBeGreaterThanOrEqual(6);
  });

  it('fit within the 10 headers an origin request policy may list without a quota increase', () => {
    expect(API_ORIGIN_HEADERS.length).toBeLessThanOrEqual(10);
  });
});
