import * as client from 'openid-client';
import type { ProviderIdentity, SignInProvider } from '../domain/accounts/identity-repository.js';

/**
 * The secrets of one trip to a provider and back, kept in the browser's signed flow cookie: the
 * state ties the answer to this browser, the PKCE verifier the code to this client, the nonce the
 * ID token to this request.
 */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export const newFlowSecrets = (): FlowSecrets => ({
  state: client.randomState(),
  codeVerifier: client.randomPKCECodeVerifier(),
  nonce: client.randomNonce(),
});

/** A provider people can sign in with: where to send them, and who they are when they come back. */
export interface ProviderClient {
  key: SignInProvider;
  /** What the button says after "Continue with". */
  label: string;
  authorizationUrl(flow: FlowSecrets, redirectUri: string): Promise<URL>;
  /** The identity the provider vouches for, from the URL it sent the browser back to; throws when it does not check out. */
  identify(callbackUrl: URL, flow: FlowSecrets): Promise<ProviderIdentity>;
}

/** Requests to providers give up after this long (openid-client's own default is 30 s). */
export const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * openid-client speaks only HTTPS unless told otherwise; an operator who configures an http:
 * provider (a Keycloak on the private network, the loopback servers of the tests) has chosen it.
 */
export const insecureIfHttp = (url: string) => (url.startsWith('http:') ? [client.allowInsecureRequests] : []);
