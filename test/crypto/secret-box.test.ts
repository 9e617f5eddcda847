import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { openSecret, parseSecretsKey, sealSecret } from '../../src/crypto/secret-box.js';
import { ConfigError, loadConfig } from '../../src/config.js';

const key = crypto.randomBytes(32);

test('a sealed secret opens with its key, and its parts never contain the plaintext', () => {
  const s = sealSecret(key, 'rk_test_abcdefgh12345678');
  assert.equal(openSecret(key, s), 'rk_test_abcdefgh12345678');
  assert.ok(!JSON.stringify(s).includes('rk_test'));
  // A fresh IV each time: sealing twice gives different ciphertexts.
  assert.notEqual(
    sealSecret(key, 'same').ciphertext + sealSecret(key, 'same').iv,
    sealSecret(key, 'same').ciphertext + sealSecret(key, 'same').iv,
  );
});

test('the wrong key or an altered ciphertext does not open', () => {
  const s = sealSecret(key, 'rk_test_abcdefgh12345678');
  assert.throws(() => openSecret(crypto.randomBytes(32), s));
  const bytes = Buffer.from(s.ciphertext, 'base64');
  bytes[0] ^= 1;
  assert.throws(() => openSecret(key, { ...s, ciphertext: bytes.toString('base64') }));
});

test('SECRETS_KEY is 32 bytes as hex or base64; anything else is a clear config error that does not echo it', () => {
  assert.deepEqual(parseSecretsKey(key.toString('hex')), key);
  assert.deepEqual(parseSecretsKey(key.toString('base64')), key);
  assert.deepEqual(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey, key);
  assert.equal(loadConfig({}).secretsKey, null);
  assert.throws(
    () => loadConfig({ SECRETS_KEY: 'tooshort-secret' }),
    (e: unknown) =>
      e instanceof ConfigError &&
      /SECRETS_KEY must be 32 random bytes/.test(e.message) &&
      !e.message.includes('tooshort'),
  );
  assert.throws(() => loadConfig({ SECRETS_KEY: crypto.randomBytes(16).toString('hex') }), ConfigError);
});
