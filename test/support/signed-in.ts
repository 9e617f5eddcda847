import assert from 'node:assert/strict';
import type { TestEnv } from './app.js';
import { createUser, TEST_PASSWORD } from './credentials.js';
import { FormClient } from './form-client.js';

/** A new user signed in through the /signin form: a browser holding their session. */
export async function signedIn(env: TestEnv, label = 'user'): Promise<{ b: FormClient; email: string }> {
  const email = await createUser(env, label);
  const b = new FormClient(env.app);
  const res = await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
  assert.equal(res.statusCode, 303);
  return { b, email };
}
