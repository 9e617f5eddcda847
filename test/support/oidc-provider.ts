import { OAuth2Server } from 'oauth2-mock-server';

type Claims = Record<string, unknown>;

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server: discovery, JWKS, signed ID
 * tokens, PKCE, nonce): its authorize endpoint approves at once, for the person `signInAs` named.
 * Their claims go into the ID token, or, with `onlyInUserinfo`, into the userinfo answer alone.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  // Two published keys from the start, taken in turn: a token can then name the wrong one (see
  // badlySignNextIdToken) while the client already holds both.
  await server.issuer.keys.generate('RS256');
  await server.issuer.keys.generate('RS256');
  const kids = server.issuer.keys.toJSON().map((k) => k.kid as string);
  await server.start(0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  let inToken: Claims = {};
  let inUserinfo: Claims | null = null;
  let tamper: ((payload: Claims, header: Claims) => void) | null = null;
  // Every token passes here; the ID token is the one with an audience (the client id).
  server.service.on('beforeTokenSigning', (token: { header: Claims; payload: Claims }) => {
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, inToken);
    tamper?.(token.payload, token.header);
    tamper = null;
  });
  server.service.on('beforeUserinfo', (res: { body: Claims }) => {
    res.body = { ...res.body, ...(inUserinfo ?? inToken) };
  });
  return {
    issuer,
    signInAs(claims: Claims & { sub: string }, opts: { onlyInUserinfo?: boolean } = {}) {
      inToken = opts.onlyInUserinfo ? { sub: claims.sub } : claims;
      inUserinfo = opts.onlyInUserinfo ? claims : null;
    },
    /** Changes the next ID token after the provider filled it in (another nonce, audience…). */
    tamperWithNextIdToken(fn: (payload: Claims) => void) {
      tamper = fn;
    },
    /**
     * The next ID token names another of the provider's published keys than the one that signed
     * it: a signature that does not verify, though every claim is right.
     */
    badlySignNextIdToken() {
      tamper = (_payload, header) => {
        header.kid = kids.find((k) => k !== header.kid);
      };
    },
    /** The next authorization is declined, as when the person presses Cancel at the provider. */
    declineNext() {
      server.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
        redirect.url.searchParams.delete('code');
        redirect.url.searchParams.set('error', 'access_denied');
      });
    },
    close: () => server.stop(),
  };
}
