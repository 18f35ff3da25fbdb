import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../testing/knowledge';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser, type TestUser } from '../testing/users';

/**
 * Field errors are keyed by what the client sent: a body whose unknown fields are named like
 * Object.prototype's members (`toString`, `constructor`) crashed the error handler itself, a 500
 * found by the fuzz campaign. They are named back like any other field.
 */
describe('field errors named after prototype members', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createVerifiedUser(t);
  });
  afterAll(() => t.close());

  it('answers 400 naming each unknown field, whatever its name', async () => {
    const created = await post(t, { email: user.email, access: user.access, isStaff: false }, '/api/variables/', {
      name: 'SHOP',
      value: 'x',
    });
    expect(created.status).toBe(201);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/variables/${created.body?.id}/`,
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'SHOP',
        value: 'y',
        secret: false,
        toString: 'a',
        constructor: 1,
        hasOwnProperty: true,
        valueOf: null,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      toString: ['Unknown field.'],
      constructor: ['Unknown field.'],
      hasOwnProperty: ['Unknown field.'],
      valueOf: ['Unknown field.'],
    });
  });
});
