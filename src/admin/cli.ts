import { parseArgs } from 'node:util';
import type { AppContext } from '../app-context.js';
import { createUser, DuplicateEmailError, EMAIL_PATTERN, findUserByEmail } from '../domain/accounts/user-repository.js';
import { passwordProblem } from '../domain/accounts/passwords.js';
import { createApiKey, parseScopes } from '../domain/accounts/api-keys.js';
import { setSetting } from '../domain/site/site-repository.js';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

  create-user --email E --password P [--name N] [--admin]
  create-api-key --email E --scopes account:read,listings:write,orders:write [--name N] [--expires-days D]
      prints the key once, alone on the last line of standard output
  set-setting --key K --value JSON
`;

export class UsageError extends Error {}

/** Runs one admin command; output lines go to `out`. Throws UsageError for bad input. */
export async function runAdmin(ctx: AppContext, argv: string[], out: (line: string) => void): Promise<void> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' },
      scopes: { type: 'string' }, 'expires-days': { type: 'string' }, key: { type: 'string' }, value: { type: 'string' },
    },
    strict: true,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${ADMIN_USAGE}`);
  }
  const { values } = parsed;
  switch (command) {
    case 'create-user': {
      if (!values.email || !EMAIL_PATTERN.test(values.email)) throw new UsageError('--email must be an email address');
      if (!values.password) throw new UsageError('--password is required');
      const problem = passwordProblem(values.password);
      if (problem) throw new UsageError(`--password ${problem}`);
      try {
        const user = await createUser(ctx.db, { email: values.email, password: values.password, name: values.name, isAdmin: values.admin ?? false, verified: true });
        out(`created user ${user.id} <${user.email}>${user.is_admin ? ' (administrator)' : ''}`);
      } catch (err) {
        if (err instanceof DuplicateEmailError) throw new UsageError(err.message);
        throw err;
      }
      return;
    }
    case 'create-api-key': {
      const user = values.email ? await findUserByEmail(ctx.db, values.email) : null;
      if (!user) throw new UsageError(`--email: no user ${values.email ?? '(missing)'}; create one with create-user`);
      const { scopes, unknown } = parseScopes(values.scopes ?? '');
      if (unknown.length) throw new UsageError(`--scopes: unknown ${unknown.join(', ')} (known: account:read, listings:write, orders:write)`);
      if (scopes.length === 0) throw new UsageError('--scopes: choose at least one of account:read, listings:write, orders:write');
      let expiresAt: Date | null = null;
      if (values['expires-days'] !== undefined) {
        const days = Number(values['expires-days']);
        if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError('--expires-days must be a whole number from 1 to 3650');
        expiresAt = new Date(ctx.now().getTime() + days * 86_400_000);
      }
      const { key, record } = await createApiKey(ctx.db, user.id, { name: values.name ?? 'CLI key', scopes, expiresAt });
      out(`created API key ${record.prefix}… for ${user.email} with scopes ${scopes.join(', ')}${expiresAt ? `, expiring ${expiresAt.toISOString()}` : ''}`);
      out(key);
      return;
    }
    case 'set-setting': {
      if (!values.key) throw new UsageError('--key is required');
      let value: unknown;
      try { value = JSON.parse(values.value ?? ''); } catch { throw new UsageError('--value must be JSON, e.g. 42 or "text" or {"a":1}'); }
      await setSetting(ctx.db, ctx.site.id, values.key, value);
      out(`set ${values.key} = ${JSON.stringify(value)}`);
      return;
    }
    default:
      throw new UsageError(ADMIN_USAGE);
  }
}
