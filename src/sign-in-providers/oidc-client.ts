import * as client from 'openid-client';
import type { SignInProvider } from '../domain/accounts/identity-repository.js';
import { type FlowSecrets, insecureIfHttp, PROVIDER_TIMEOUT_SECONDS, type ProviderClient } from './provider-client.js';

export interface OidcSettings {
  key: SignInProvider;
  label: string;
  issuer: string;
  clientId: string;
  /** Null: a public client, PKCE alone. */
  clientSecret: string | null;
}

/** Providers say `email_verified: true`; a few older ones send the string. */
const vouched = (v: unknown) => v === true || v === 'true';
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * An OpenID Connect provider found by discovery (Google, Keycloak, Authentik, Zitadel, Okta…).
 * ID tokens are checked by openid-client: signature against the provider's keys, issuer, audience,
 * expiry and nonce. The address comes from the ID token, or from userinfo when the token has none.
 */
export function oidcClient(settings: OidcSettings): ProviderClient {
  // Discovered on first use, not at start-up: the site starts while the provider is away, and
  // a failed discovery is tried again by the next sign-in.
  let configuration: Promise<client.Configuration> | null = null;
  const configured = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret ?? undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        {
          execute: [client.enableNonRepudiationChecks, ...insecureIfHttp(settings.issuer)],
          timeout: PROVIDER_TIMEOUT_SECONDS,
        },
      )
      .catch((err) => {
        configuration = null;
        throw err;
      });
    return configuration;
  };

  return {
    key: settings.key,
    label: settings.label,
    async authorizationUrl(flow: FlowSecrets, redirectUri: string) {
      return client.buildAuthorizationUrl(await configured(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async identify(callbackUrl: URL, flow: FlowSecrets) {
      const config = await configured();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error(`${settings.label} sent no ID token`);
      let email = text(claims.email);
      let verified = vouched(claims.email_verified);
      let name = text(claims.name) || text(claims.preferred_username);
      if (!email && config.serverMetadata().userinfo_endpoint) {
        // fetchUserInfo checks that userinfo speaks of the ID token's subject.
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = text(info.email);
        verified = vouched(info.email_verified);
        name ||= text(info.name) || text(info.preferred_username);
      }
      return { provider: settings.key, subject: claims.sub, email: email || null, emailVerified: verified, name };
    },
  };
}
