import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { createUser } from '../../../src/domain/accounts/user-repository.js';
import { addIdentity, identitiesOf, unlinkIdentity } from '../../../src/domain/accounts/identity-repository.js';
import { insertPasskey, listPasskeys, removePasskey } from '../../../src/domain/accounts/passkey-repository.js';
import { reclaimUnconfirmedAccount, waysIn } from '../../../src/domain/accounts/ways-in.js';

// Passwords, passkeys and provider accounts are all ways in: removing any of them keeps the last one,
// and handing an unconfirmed account to its address's owner drops them all.
describeEachDatabase('the ways into an account', (env) => {
  let n = 0;
  const person = async (password: string | null) =>
    (await createUser(env().ctx.db, { email: `ways-${++n}@example.com`, password })).id;
  const passkey = (userId: number) =>
    insertPasskey(env().ctx.db, {
      userId,
      credentialId: `cred-${userId}-${++n}`,
      publicKey: 'pk',
      counter: 0,
      transports: ['internal'],
      aaguid: '00000000-0000-0000-0000-000000000000',
      name: 'Laptop',
      backedUp: false,
      at: env().ctx.now(),
    });
  const github = async (userId: number) => {
    await addIdentity(
      env().ctx.db,
      userId,
      { provider: 'github', subject: `gh-${userId}-${++n}`, email: null, emailVerified: false, name: 'Ada' },
      env().ctx.now(),
    );
    return (await identitiesOf(env().ctx.db, userId)).at(-1)!.id;
  };

  test('a password, each passkey and each linked provider account count as one way in each', async () => {
    const id = await person('correct horse battery staple');
    await passkey(id);
    await github(id);
    assert.equal(await waysIn(env().ctx.db, id), 3);
  });

  test('the last passkey can go when a linked provider account is left to sign in with', async () => {
    const id = await person(null);
    const key = await passkey(id);
    await github(id);
    assert.equal(await removePasskey(env().ctx.db, id, key), 'removed');
  });

  test('a provider account can be unlinked when a passkey is left, but the passkey then stays', async () => {
    const id = await person(null);
    const key = await passkey(id);
    const identity = await github(id);
    assert.equal(await unlinkIdentity(env().ctx.db, id, identity), 'unlinked');
    assert.equal(await removePasskey(env().ctx.db, id, key), 'last');
    assert.equal((await listPasskeys(env().ctx.db, id)).length, 1);
  });

  test('handing over an unconfirmed account drops its password, passkeys and provider accounts', async () => {
    const id = await person('a password the squatter chose');
    await passkey(id);
    await github(id);
    const dropped = await env().ctx.db.transaction((tx) => reclaimUnconfirmedAccount(tx, id, env().ctx.now()));
    assert.equal(dropped, true);
    assert.equal(await waysIn(env().ctx.db, id), 0);
  });

  test('handing over an account that had no way in says nothing was dropped', async () => {
    const id = await person(null);
    const dropped = await env().ctx.db.transaction((tx) => reclaimUnconfirmedAccount(tx, id, env().ctx.now()));
    assert.equal(dropped, false);
  });
});
