import { parseArgs } from 'node:util';
import type { AppContext } from '../app-context.js';
import { createUser, DuplicateEmailError, EMAIL_PATTERN, findUserByEmail } from '../domain/accounts/user-repository.js';
import { passwordProblem } from '../domain/accounts/passwords.js';
import { createApiKey, parseScopes } from '../domain/accounts/api-keys.js';
import { setSetting } from '../domain/site/site-repository.js';
import { bundleProblem, setBundleContents, setPrice } from '../domain/orders/catalog.js';
import { completeAdminTask } from '../domain/orders/fulfil-order.js';
import { refundOrder } from '../domain/orders/payment.js';
import { importRatingsCsv } from '../domain/domain-ratings/csv-import.js';
import { providerScaleProblem } from '../domain/domain-ratings/provider-labels.js';
import { readFile } from 'node:fs/promises';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

  create-user --email E --password P [--name N] [--admin]
  create-api-key --email E --scopes account:read,listings:write,orders:write [--name N] [--expires-days D]
      prints the key once, alone on the last line of standard output
  set-setting --key K --value JSON
      e.g. paid_week_capacity 10, paid_weeks_ahead 12, featured_days 7, order_expiry_hours 24,
      seller_name, seller_address, seller_country "DE", seller_vat_number, seller_email,
      free_queue_min_weeks 6, free_queue_max_weeks 8, free_queue_week_capacity 20,
      vote_hold_hours 0, votes_per_minute_per_account 30, votes_per_minute_per_address 60
  set-price --product CODE --cents N
      new price in USD cents excluding VAT, for new quotes only (billboard_min: the billboard minimum)
  set-bundle --product launch_bundle --includes launch,featured,ai_review
  complete-task --id N [--note TEXT]
      marks a done-for-you task done; its order line is fulfilled
  refund-order --number LD-2026-000042 [--note TEXT]
      marks a paid order refunded (return the money in the payment provider's dashboard)
  domain-ratings import FILE.csv [--provider NAME] [--scale N]
      imports Domain Rating readings: columns domain,rating,date (header optional); provider
      defaults to "import", scale to 100; nothing is imported when any row is bad
  backup [--to FILE]
      embedded database only, with the service stopped: writes DATA_DIR to FILE (a .tar.gz;
      default launchdeck-backup-DATE-TIME.tar.gz). On PostgreSQL use pg_dump (README, "Backups")
  restore --from FILE
      embedded database only: fills an empty DATA_DIR from a backup
  copy-to-postgres --to postgres://USER:PASSWORD@HOST:PORT/DATABASE
      with the service stopped, copies the embedded database into a new, empty PostgreSQL
      database (all or nothing); then start with DATABASE_URL set to it
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
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'boolean' },
        scopes: { type: 'string' },
        'expires-days': { type: 'string' },
        key: { type: 'string' },
        value: { type: 'string' },
        provider: { type: 'string' },
        scale: { type: 'string' },
        product: { type: 'string' },
        cents: { type: 'string' },
        includes: { type: 'string' },
        id: { type: 'string' },
        note: { type: 'string' },
        number: { type: 'string' },
      },
      strict: true,
      allowPositionals: command === 'domain-ratings',
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
        const user = await createUser(ctx.db, {
          email: values.email,
          password: values.password,
          name: values.name,
          isAdmin: values.admin ?? false,
          verified: true,
        });
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
      if (unknown.length)
        throw new UsageError(
          `--scopes: unknown ${unknown.join(', ')} (known: account:read, listings:write, orders:write)`,
        );
      if (scopes.length === 0)
        throw new UsageError('--scopes: choose at least one of account:read, listings:write, orders:write');
      let expiresAt: Date | null = null;
      if (values['expires-days'] !== undefined) {
        const days = Number(values['expires-days']);
        if (!Number.isInteger(days) || days < 1 || days > 3650)
          throw new UsageError('--expires-days must be a whole number from 1 to 3650');
        expiresAt = new Date(ctx.now().getTime() + days * 86_400_000);
      }
      const { key, record } = await createApiKey(ctx.db, user.id, {
        name: values.name ?? 'CLI key',
        scopes,
        expiresAt,
      });
      out(
        `created API key ${record.prefix}… for ${user.email} with scopes ` +
          `${scopes.join(', ')}${expiresAt ? `, expiring ${expiresAt.toISOString()}` : ''}`,
      );
      out(key);
      return;
    }
    case 'set-setting': {
      if (!values.key) throw new UsageError('--key is required');
      let value: unknown;
      try {
        value = JSON.parse(values.value ?? '');
      } catch {
        throw new UsageError('--value must be JSON, e.g. 42 or "text" or {"a":1}');
      }
      await setSetting(ctx.db, ctx.site.id, values.key, value);
      out(`set ${values.key} = ${JSON.stringify(value)}`);
      return;
    }
    case 'set-price': {
      const cents = Number(values.cents);
      if (!values.product) throw new UsageError('--product is required (a code from list_products)');
      if (!Number.isInteger(cents) || cents < 0 || cents > 100_000_000)
        throw new UsageError('--cents must be a whole number of USD cents from 0 to 100000000');
      if (!(await setPrice(ctx.db, ctx.site.id, values.product, cents, ctx.now())))
        throw new UsageError(`--product: no product ${values.product} on this site`);
      out(`set the price of ${values.product} to ${cents} cents (USD, excluding VAT) for new quotes`);
      return;
    }
    case 'set-bundle': {
      const includes = (values.includes ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const problem = bundleProblem(values.product ?? '', includes);
      if (problem) throw new UsageError(problem);
      await setBundleContents(ctx.db, ctx.site.id, values.product!, includes);
      out(`${values.product} now includes ${includes.join(', ')}`);
      return;
    }
    case 'complete-task': {
      const id = Number(values.id);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new UsageError('--id must be a task number');
      if (!(await completeAdminTask(ctx, id, values.note ?? '')))
        throw new UsageError(`--id: no open task ${id} on this site`);
      out(`task ${id} done; its order line is fulfilled`);
      return;
    }
    case 'refund-order': {
      if (!values.number) throw new UsageError('--number is required');
      if (!(await refundOrder(ctx, values.number, values.note || 'Refunded by the site team.')))
        throw new UsageError(`--number: no paid order ${values.number} on this site`);
      out(`order ${values.number} marked refunded`);
      return;
    }
    case 'domain-ratings': {
      const [action, file, ...extra] = parsed.positionals;
      if (action !== 'import' || !file || extra.length > 0)
        throw new UsageError('usage: domain-ratings import FILE.csv [--provider NAME] [--scale N]');
      const provider = values.provider ?? 'import';
      const scale = Number(values.scale ?? 100);
      const problem = providerScaleProblem(provider, scale);
      if (problem) throw new UsageError(problem);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
      }
      const result = await importRatingsCsv(ctx.db, text, { provider, scale });
      if (result.errors.length > 0) {
        throw new UsageError(
          `nothing imported; fix these rows of ` +
            `${file}:\n${result.errors.map((e) => `  line ${e.line}: ${e.message}`).join('\n')}`,
        );
      }
      for (const u of result.unknown) out(`line ${u.line}: no listing has the domain ${u.domain}; skipped`);
      out(
        `imported ${result.imported} reading${result.imported === 1 ? '' : 's'} from ${provider} ` +
          `(0–${scale})${result.unknown.length ? `; ${result.unknown.length} unknown domain${result.unknown.length === 1 ? '' : 's'} skipped` : ''}`,
      );
      return;
    }
    default:
      throw new UsageError(ADMIN_USAGE);
  }
}
