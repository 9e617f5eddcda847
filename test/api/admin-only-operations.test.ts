import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { executeOperation } from '../../src/api/execute.js';
import { HttpError } from '../../src/api/errors.js';
import { defineOperation, SCOPES, type Principal } from '../../src/api/registry.js';
import { describeEachDatabase } from '../support/app.js';

const adminTask = defineOperation({
  operationId: 'test_admin_task',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/test/admin-task',
  tag: 'Site',
  title: 'An administrator task',
  summary: 'For this test only.',
  scope: 'account:read',
  response: Type.Object({ done: Type.Boolean() }),
  handler: async () => ({ done: true }),
});

const person = (isAdmin: boolean): Principal => ({
  userId: 1,
  email: 'someone@example.com',
  isAdmin,
  scopes: [...SCOPES],
  via: 'session',
});

describeEachDatabase('operations for administrators only', (env) => {
  test('refuse anyone else with a 403, whatever their scopes', async () => {
    await assert.rejects(
      executeOperation(adminTask, {}, env().ctx, person(false)),
      (err: unknown) => err instanceof HttpError && err.status === 403 && /administrators/.test(err.message),
    );
  });

  test('run for an administrator', async () => {
    assert.deepEqual(await executeOperation(adminTask, {}, env().ctx, person(true)), { done: true });
  });
});
