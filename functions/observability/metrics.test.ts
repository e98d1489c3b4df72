import { captureOutput, emfLines } from '../testing/output';
import { observeJob } from './job';
import { currentInvocation, newInvocation, runInvocation } from './invocation';
import {
  BUSINESS_METRICS,
  countMetric,
  emfDocument,
  flushMetrics,
  METRICS_NAMESPACE,
  PLATFORM_SHARE_METRICS,
  recordLevel,
} from './metrics';

/** The settings without which the configuration (and so LOG_LEVEL) cannot be read. */
const VALID_CONFIG = { APP_URL: 'https://app.example.com', TABLE_NAME: 'test' };

describe('EMF business metrics', () => {
  it("writes the platform's share of its daily breaker as the highest level seen, in percent", () => {
    const invocation = newInvocation({ functionName: 'HearthPostClientMessages' }, { requestId: 'api-2' });
    runInvocation(invocation, async () => {
      recordLevel(PLATFORM_SHARE_METRICS.email, 79.5);
      recordLevel(PLATFORM_SHARE_METRICS.email, 80.1);
      recordLevel(PLATFORM_SHARE_METRICS.email, 12);
    });
    const document = emfDocument(invocation, 1);
    expect(document).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Metrics: [{ Name: 'PlatformEmailSharePercent', Unit: 'Percent' }] }] },
      PlatformEmailSharePercent: 80.1,
    });
  });

  it('builds one CloudWatch embedded-metric document: namespace, the Service dimension, one Count per metric, ids as properties', () => {
    // Prepare
    const invocation = newInvocation(
      { awsRequestId: 'aws-1', functionName: 'HearthPostClients' },
      { requestId: 'api-1', route: 'POST /api/clients' },
    );

    // Act
    runInvocation(invocation, async () => {
      countMetric('ClientsCreated');
      countMetric('ImportRowsImported', 40);
      countMetric('ImportRowsImported', 2);
    });
    const document = emfDocument(invocation, 1_700_000_000_000);

    // Assess
    expect(document).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [['Service']],
            Metrics: [
              { Name: 'ClientsCreated', Unit: 'Count' },
              { Name: 'ImportRowsImported', Unit: 'Count' },
            ],
          },
        ],
      },
      Service: 'hearthside',
      ClientsCreated: 1,
      ImportRowsImported: 42,
      requestId: 'api-1',
      awsRequestId: 'aws-1',
      functionName: 'HearthPostClients',
      route: 'POST /api/clients',
    });
    // Every metric value named in the directive is a top-level member, as EMF requires.
    for (const { Name } of (document!._aws as { CloudWatchMetrics: Array<{ Metrics: Array<{ Name: string }> }> })
      .CloudWatchMetrics[0]!.Metrics) {
      expect(typeof document![Name]).toBe('number');
    }
  });

  it('counts nothing outside an invocation, and nothing for zero or a non-number', async () => {
    countMetric('ClientsCreated');
    const invocation = newInvocation(undefined, { job: 'test' });
    await runInvocation(invocation, async () => {
      countMetric('ClientsCreated', 0);
      countMetric('ClientsCreated', Number.NaN);
    });
    expect(emfDocument(invocation)).toBeUndefined();
  });

  it('writes the line once in Lambda and forgets what it wrote; locally only at LOG_LEVEL=debug', async () => {
    const invocation = newInvocation({ awsRequestId: 'aws-2' }, {});
    const inLambda = await captureOutput({ AWS_LAMBDA_FUNCTION_NAME: 'HearthTest' }, async () => {
      await runInvocation(invocation, async () => countMetric('InvitationsSent'));
      flushMetrics(invocation);
      flushMetrics(invocation);
    });
    expect(emfLines(inLambda)).toEqual([expect.objectContaining({ InvitationsSent: 1, requestId: 'aws-2' })]);

    const local = newInvocation(undefined, {});
    const quiet = await captureOutput(
      { AWS_LAMBDA_FUNCTION_NAME: undefined, LOG_LEVEL: 'info', ...VALID_CONFIG },
      async () => {
        await runInvocation(local, async () => countMetric('InvitationsSent'));
        flushMetrics(local);
      },
    );
    expect(emfLines(quiet)).toEqual([]);
    const debug = await captureOutput(
      { AWS_LAMBDA_FUNCTION_NAME: undefined, LOG_LEVEL: 'debug', ...VALID_CONFIG },
      async () => {
        await runInvocation(local, async () => countMetric('InvitationsSent'));
        flushMetrics(local);
      },
    );
    expect(emfLines(debug)).toEqual([expect.objectContaining({ InvitationsSent: 1 })]);
  });

  it('lists the metric names the stack graphs', () => {
    expect(BUSINESS_METRICS).toEqual(
      expect.arrayContaining([
        'ClientsCreated',
        'ImportRowsImported',
        'InvitationsSent',
        'ReviewRequestsSent',
        'LoginFailures',
        'ThrottleRefusals',
        'DigestsSent',
      ]),
    );
  });
});

describe('a job invocation', () => {
  it('runs with its own ids and cold start flag, and writes one EMF line when it ends, even when it fails', async () => {
    // Prepare
    const seen: unknown[] = [];
    const job = observeJob('test-job', async (event: { fail: boolean }) => {
      seen.push(currentInvocation()?.fields);
      countMetric('DigestsSent', 2);
      if (event.fail) throw new Error('boom');
      return 'done';
    });

    // Act
    const lines = await captureOutput({ AWS_LAMBDA_FUNCTION_NAME: 'HearthJob' }, async () => {
      await expect(job({ fail: false }, { awsRequestId: 'job-1', functionName: 'HearthJob' } as never)).resolves.toBe(
        'done',
      );
      await expect(job({ fail: true }, { awsRequestId: 'job-2', functionName: 'HearthJob' } as never)).rejects.toThrow(
        'boom',
      );
    });

    // Assess
    expect(seen).toEqual([
      expect.objectContaining({
        requestId: 'job-1',
        awsRequestId: 'job-1',
        functionName: 'HearthJob',
        job: 'test-job',
      }),
      expect.objectContaining({ requestId: 'job-2', awsRequestId: 'job-2', coldStart: false, job: 'test-job' }),
    ]);
    expect(emfLines(lines).map((line) => [line.awsRequestId, line.DigestsSent, line.job])).toEqual([
      ['job-1', 2, 'test-job'],
      ['job-2', 2, 'test-job'],
    ]);
  });
});
