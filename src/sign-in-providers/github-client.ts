import * as client from 'openid-client';
import { type FlowSecrets, insecureIfHttp, PROVIDER_TIMEOUT_SECONDS, type ProviderClient } from './provider-client.js';

export interface GithubSettings {
  clientId: string;
  clientSecret: string;
  /** The web host: https://github.com, or a GitHub Enterprise Server. */
  baseUrl: string;
  /** The REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  apiUrl: string;
}

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
}
interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub is OAuth 2 without OpenID Connect: no ID token, so the person is whoever the access
 * token reads as at `/user` (the numeric id is the subject: a login can be renamed and reused),
 * and the address is the primary one of `/user/emails`, vouched for when GitHub marks it verified.
 * The code exchange (state, PKCE) goes through openid-client like the other providers.
 */
export function githubClient(settings: GithubSettings): ProviderClient {
  const config = new client.Configuration(
    {
      issuer: settings.baseUrl,
      authorization_endpoint: `${settings.baseUrl}/login/oauth/authorize`,
      token_endpoint: `${settings.baseUrl}/login/oauth/access_token`,
    },
    settings.clientId,
    settings.clientSecret,
    client.ClientSecretPost(settings.clientSecret),
  );
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  for (const allow of insecureIfHttp(settings.baseUrl)) allow(config);

  async function api<T>(path: string, token: string): Promise<T> {
    const res = await fetch(`${settings.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'Launchdeck sign-in',
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
    });
    if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  return {
    key: 'github',
    label: 'GitHub',
    async authorizationUrl(flow: FlowSecrets, redirectUri: string) {
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state: flow.state,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        allow_signup: 'true',
      });
    },
    async identify(callbackUrl: URL, flow: FlowSecrets) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
      });
      const [user, emails] = await Promise.all([
        api<GithubUser>('/user', tokens.access_token),
        api<GithubEmail[]>('/user/emails', tokens.access_token),
      ]);
      if (!Number.isInteger(user.id)) throw new Error('GitHub /user has no id');
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
      return {
        provider: 'github',
        subject: String(user.id),
        email: primary?.email ?? null,
        emailVerified: primary?.verified === true,
        name: user.name || user.login || '',
      };
    },
  };
}
