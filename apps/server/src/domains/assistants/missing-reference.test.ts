import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threads } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recheckOnMissingReference } from './missing-reference';
import { loadOwnedAssistant } from './owned-rows';

describe('an assistant deleted between its check and the insert', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers "Assistant not found." rather than a database error', async () => {
    const assistantId = randomUUID();
    const insert = () => t.services.db.insert(threads).values({ ownerEmail: 'alice@shop.test', assistantId, name: 'x' }).returning();
    await expect(
      recheckOnMissingReference(insert, () => loadOwnedAssistant(t.services.db, 'alice@shop.test', assistantId)),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      detail: 'Assistant not found.',
    });
  });

  it('rethrows any other failure unchanged', async () => {
    const failure = new Error('disk full');
    await expect(
      recheckOnMissingReference(
        () => Promise.reject(failure),
        () => Promise.resolve(),
      ),
    ).rejects.toBe(failure);
  });
});
