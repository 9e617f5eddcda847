import type { SignInProvidersConfig } from '../config.js';
import type { SignInProvider } from '../domain/accounts/identity-repository.js';
import { githubClient } from './github-client.js';
import { oidcClient } from './oidc-client.js';
import type { ProviderClient } from './provider-client.js';

const made = new WeakMap<SignInProvidersConfig, Map<SignInProvider, ProviderClient>>();

/**
 * The providers the settings turn on, in the order their buttons appear; made once per settings,
 * so every page and route shares one client (and one discovery) per provider.
 */
export function enabledProviders(settings: SignInProvidersConfig): Map<SignInProvider, ProviderClient> {
  let clients = made.get(settings);
  if (!clients) {
    clients = makeClients(settings);
    made.set(settings, clients);
  }
  return clients;
}

function makeClients(settings: SignInProvidersConfig): Map<SignInProvider, ProviderClient> {
  const clients: ProviderClient[] = [];
  if (settings.github) clients.push(githubClient(settings.github));
  if (settings.google)
    clients.push(
      oidcClient({
        key: 'google',
        label: 'Google',
        issuer: settings.google.issuer,
        clientId: settings.google.clientId,
        clientSecret: settings.google.clientSecret,
      }),
    );
  if (settings.oidc)
    clients.push(
      oidcClient({
        key: 'oidc',
        label: settings.oidc.name,
        issuer: settings.oidc.issuer,
        clientId: settings.oidc.clientId,
        clientSecret: settings.oidc.clientSecret,
      }),
    );
  return new Map(clients.map((c) => [c.key, c]));
}
