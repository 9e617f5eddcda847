import { loadConfig, ConfigError, type Config } from './config.js';
import { createAppContext, closeAppContext } from './context.js';
import { buildApp } from './app.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { seedDemoIfEmpty, seedDemo } from './seed/demo-seed.js';
import { seedSynthetic } from './seed/synthetic-seed.js';
import { startScheduler } from './jobs/scheduler.js';
import { startWorker } from './jobs/worker.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import type { AppContext } from './app-context.js';
import { runAdmin, UsageError } from './admin/cli.js';
import { BACKUP_COMMANDS, runBackupCommand } from './admin/backup-commands.js';

const USAGE = `Usage: launchdeck <command>

  start [--web-only]     serve the site, API and MCP (and the background worker unless --web-only)
  worker                 run only the background worker
  migrate                apply database migrations and exit
  seed demo              load the demo content (any database)
  seed synthetic N       add N synthetic listings (benchmarks), e.g. seed synthetic 100000
  admin <command>        create-user, create-api-key, set-setting, set-price, set-bundle,
                         complete-task, refund-order, backup, restore, copy-to-postgres
                         (run "admin help")
`;

function banner(config: Config, ctx: AppContext, worker: boolean) {
  const base = config.publicUrl;
  const db = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host})`
    : `embedded PGlite in ${config.dataDir}`;
  console.log(`
  ${ctx.site.name} is running
    Site          ${base}/
    API           ${base}/api/v1  (OpenAPI: ${base}/api/v1/openapi.json)
    API docs      ${base}/docs
    MCP server    ${base}/mcp
    Health        ${base}/healthz
    Metrics       ${base}/metrics  (${config.metricsToken ? 'needs METRICS_TOKEN' : 'from this machine only; set METRICS_TOKEN to scrape from elsewhere'})
    Database      ${db}
    Worker        ${worker ? 'running in this process' : 'not in this process (start one with: npm run worker)'}
    Payments      ${config.paymentProvider === 'stripe' ? `Stripe (webhook: ${base}/webhooks/stripe)` : 'built-in test provider: no money moves (set STRIPE_SECRET_KEY for Stripe)'}
    Admin         ${base}/admin  (make an administrator: npm run admin -- create-user --email … --password … --admin)
    Mail outbox   ${config.smtpUrl ? `sent through ${new URL(config.smtpUrl).host}` : `${base}/outbox (no SMTP_URL: mail waits here)`}
`);
}

async function start(config: Config, args: string[]) {
  const webOnly = args.includes('--web-only');
  const ctx = await createAppContext(config);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(ctx, (msg) => console.log(`  demo: ${msg}`));
    if (seeded) console.log('  demo content loaded (set SEED_DEMO=0 to start empty)');
  }
  ctx.views.start();
  ctx.analytics.start();
  const app = await buildApp(ctx, { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } });
  const scheduler = webOnly ? null : startScheduler(ctx);
  const worker = webOnly ? null : await startWorker(ctx);
  await app.listen({ port: config.port, host: config.host });
  banner(config, ctx, !webOnly);
  const shutdown = async (signal: string) => {
    console.log(`\n${signal}: shutting down…`);
    scheduler?.stop();
    await worker?.stop();
    await app.close();
    await closeAppContext(ctx);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main() {
  const [command = 'start', ...args] = process.argv.slice(2);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  switch (command) {
    case 'start':
      return start(config, args);
    case 'worker': {
      const ctx = await createAppContext(config);
      const scheduler = startScheduler(ctx);
      const worker = await startWorker(ctx);
      // A worker serves no pages; its job, crawl and mail metrics get their own port when asked for.
      const metrics = config.metricsPort ? await startMetricsServer(ctx, config.metricsPort, config.host) : null;
      console.log(
        `worker running (${config.workerConcurrency} jobs at once)${metrics ? `, metrics on port ${config.metricsPort}` : ''}; Ctrl-C stops it`,
      );
      const stop = async () => {
        scheduler.stop();
        await worker.stop();
        await metrics?.close();
        await closeAppContext(ctx);
        process.exit(0);
      };
      process.once('SIGINT', () => void stop());
      process.once('SIGTERM', () => void stop());
      return;
    }
    case 'migrate': {
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const applied = await migrate(db);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
      await db.close();
      return;
    }
    case 'seed': {
      const ctx = await createAppContext(config);
      const what = args[0];
      const log = (msg: string) => console.log(msg);
      if (what === 'demo') await seedDemo(ctx, log);
      else if (what === 'synthetic') {
        const n = Number(args[1]);
        if (!Number.isInteger(n) || n < 1 || n > 2_000_000) {
          console.error('seed synthetic needs a count from 1 to 2000000');
          process.exit(2);
        }
        await seedSynthetic(ctx, n, log);
      } else {
        console.error(USAGE);
        process.exit(2);
      }
      await closeAppContext(ctx);
      return;
    }
    case 'admin': {
      if (BACKUP_COMMANDS.includes(args[0])) {
        try {
          await runBackupCommand(config, args, (line) => console.log(line));
        } catch (err) {
          if (err instanceof UsageError) {
            console.error(err.message);
            process.exit(2);
          }
          throw err;
        }
        return;
      }
      const ctx = await createAppContext(config);
      try {
        await runAdmin(ctx, args, (line) => console.log(line));
      } catch (err) {
        if (err instanceof UsageError) {
          console.error(err.message);
          await closeAppContext(ctx);
          process.exit(2);
        }
        throw err;
      }
      await closeAppContext(ctx);
      return;
    }
    default:
      console.error(USAGE);
      process.exit(command === 'help' || command === '--help' ? 0 : 2);
  }
}

main().catch((err) => {
  // A setting the database needs (SECRETS_KEY once revenue keys are stored) is a configuration error, not a crash.
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  if (err instanceof DataDirInUseError) {
    console.error(`Cannot start: ${err.message}`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
