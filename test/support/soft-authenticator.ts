import crypto from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

// Flags of the authenticator data (WebAuthn §6.1): user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface SoftCredential {
  id: Buffer;
  key: crypto.KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/**
 * A passkey authenticator in software, for ceremonies over plain HTTP: it answers registration
 * options with a "none" attestation of a fresh P-256 key and signs assertions as a real one would
 * (authenticator data, then the signature over it and the client data's hash), each with the
 * origin it is told the browser was on. Knobs make the answers an attacker or a broken device
 * would send: no user verification, another origin, a counter set back.
 */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(private readonly opts: { aaguid?: string; userVerified?: boolean } = {}) {}

  private flags(extra = 0) {
    return UP | (this.opts.userVerified === false ? 0 : UV) | extra;
  }

  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = crypto.randomBytes(32);
    const aaguid = Buffer.from((this.opts.aaguid ?? '00000000-0000-0000-0000-000000000000').replace(/-/g, ''), 'hex');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha(rpId), Buffer.from([this.flags(AT)]), u32(0), aaguid, idLength, id, coseKey]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    this.credentials.push({ id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(Buffer.from(clientData)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * Signs in with the latest (or the given) credential; each assertion counts up by one unless
   * `counter` says what to report.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    pick: { credential?: SoftCredential; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const cred = pick.credential ?? this.credentials.at(-1);
    if (!cred) throw new Error('the soft authenticator holds no credential');
    cred.counter = pick.counter ?? cred.counter + 1;
    const authData = Buffer.concat([sha(options.rpId ?? cred.rpId), Buffer.from([this.flags()]), u32(cred.counter)]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha(clientData)]), cred.key);
    return {
      id: b64u(cred.id),
      rawId: b64u(cred.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: cred.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
