import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { runJobAttempt, splitOrigin, withOrigin } from './job-origin';
import { currentAccount, currentRequestId, runInScope } from './request-scope';

const silent = pino({ level: 'silent' });

describe('job origins', () => {
  it('records the request a job is queued in, beside its payload, and nothing outside a request', () => {
    expect(withOrigin({ fileId: 'f' })).toEqual({ fileId: 'f' });
    const queued = runInScope('address:1.2.3.4', () => withOrigin({ fileId: 'f' }), { requestId: 'abc-123' });
    expect(splitOrigin(queued)).toEqual({ payload: { fileId: 'f' }, origin: { requestId: 'abc-123', traceparent: undefined } });
  });

  it('runs jobs queued by an older deploy, or with a garbled origin, as jobs without one', () => {
    expect(splitOrigin({ fileId: 'f' })).toEqual({ payload: { fileId: 'f' }, origin: {} });
    expect(splitOrigin({ fileId: 'f', _origin: { requestId: 7, traceparent: 'x'.repeat(300) } })).toEqual({
      payload: { fileId: 'f' },
      origin: { requestId: undefined, traceparent: undefined },
    });
  });

  it('runs a job as the server, in its origin request’s scope, whatever scope the queue started in', async () => {
    const seen = await runInScope(
      'account:someone@shop.test',
      () =>
        runJobAttempt(silent, { name: 'ingest-file', id: 'job-1', retryCount: 0 }, { requestId: 'abc-123' }, async () => ({
          account: currentAccount(),
          requestId: currentRequestId(),
          queued: withOrigin({}),
        })),
      { requestId: 'other-request' },
    );
    expect(seen).toEqual({
      account: 'server',
      requestId: 'abc-123',
      queued: { _origin: { requestId: 'abc-123', traceparent: undefined } },
    });
  });
});
