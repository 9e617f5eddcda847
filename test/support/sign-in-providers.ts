import { after } from 'node:test';
import { startFakeGithub } from './fake-github.js';
import { startOidcProvider } from './oidc-provider.js';

/**
 * GitHub (a loopback fake of its wire format), Google and a site's own OpenID Connect provider
 * (each a real OIDC server on loopback), started for this test file, and the settings that point
 * the app at them. Call at the top level of a test file (they must run before the app is built).
 */
export async function startSignInProviders() {
  const github = await startFakeGithub({ id: 'github-client', secret: 'github-secret' });
  const google = await startOidcProvider();
  const sso = await startOidcProvider();
  after(async () => {
    await Promise.all([github.close(), google.close(), sso.close()]);
  });
  return {
    github,
    google,
    sso,
    env: {
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_BASE_URL: github.url,
      GITHUB_API_URL: github.apiUrl,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: google.issuer,
      OIDC_ISSUER: sso.issuer,
      OIDC_CLIENT_ID: 'launchdeck',
      OIDC_CLIENT_SECRET: 'sso-secret',
      OIDC_NAME: 'Acme SSO',
    },
  };
}
