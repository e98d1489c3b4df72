import { captureOutput } from '../testing/output';
import { newInvocation, runInvocation } from './invocation';
import { createLogger } from './logger';

const VALID_CONFIG = { APP_URL: 'https://app.example.com', TABLE_NAME: 'test' };
// Created when the module loads, as data modules create theirs: it still tags each request's lines.
const moduleLog = createLogger({ module: 'test-module' });

describe('the logger', () => {
  it("puts the invocation's request ids, route key, function name and cold start on every line, whichever logger writes it", async () => {
    // Prepare
    const first = newInvocation(
      { awsRequestId: 'aws-a', functionName: 'HearthGetUser' },
      { requestId: 'api-a', route: 'GET /api/user' },
    );
    const second = newInvocation(
      { awsRequestId: 'aws-b', functionName: 'HearthGetUser' },
      { requestId: 'api-b', route: 'GET /api/user' },
    );

    // Act: two requests interleaved, as in the local server.
    const lines = await captureOutput({ LOG_LEVEL: 'info', ...VALID_CONFIG }, () =>
      Promise.all([
        runInvocation(first, async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          moduleLog.warn('counter missed', { error: new Error('throttled') });
        }),
        runInvocation(second, async () => {
          createLogger().info('hello');
          await new Promise((resolve) => setTimeout(resolve, 1));
          moduleLog.info('from the module');
        }),
      ]),
    );

    // Assess
    expect(lines).toHaveLength(3);
    const byRequest = (id: string) => lines.filter((line) => line.requestId === id);
    expect(byRequest('api-a')).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'counter missed',
        awsRequestId: 'aws-a',
        route: 'GET /api/user',
        functionName: 'HearthGetUser',
        module: 'test-module',
        error: expect.objectContaining({ name: 'Error', message: 'throttled' }),
      }),
    ]);
    expect(byRequest('api-b').map((line) => line.message)).toEqual(['hello', 'from the module']);
    for (const line of lines) {
      expect(typeof line.coldStart).toBe('boolean');
      expect(typeof line.time).toBe('string');
    }
  });

  it('flags only the first invocation of an execution environment as a cold start', () => {
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./invocation')>('./invocation');
      expect(
        [fresh.newInvocation(undefined, {}), fresh.newInvocation(undefined, {})].map((i) => i.fields.coldStart),
      ).toEqual([true, false]);
    });
  });

  it('keeps LOG_LEVEL: below it nothing is written, silent writes nothing at all', async () => {
    const log = createLogger();
    const warnOnly = await captureOutput({ LOG_LEVEL: 'warn', ...VALID_CONFIG }, async () => {
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
    });
    expect(warnOnly.map((line) => line.level)).toEqual(['warn', 'error']);
    const silent = await captureOutput({ LOG_LEVEL: 'silent', ...VALID_CONFIG }, async () => log.error('e'));
    expect(silent).toEqual([]);
  });
});
