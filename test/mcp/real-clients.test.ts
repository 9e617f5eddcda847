import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { createApiKey, createUser } from '../support/credentials.js';
import { runJobs } from '../support/draft-client.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { FIXTURE_CATEGORIES, saasWebsite } from '../support/fixture-websites.js';
import { addCategory } from '../support/fixtures.js';
import { toolProblem } from '../support/mcp-rpc.js';
import {
  callWithConsent,
  ConsentTab,
  connectSession,
  MemoryOAuthProvider,
  SDK_MAJORS,
  structured,
  type Exchange,
  type McpSession,
} from '../support/mcp-clients.js';
import { ownedListing, payOnCheckoutPage } from '../support/orders.js';
import { runAdmin } from '../../src/admin/cli.js';
import { s256 } from '../../src/oauth/pkce.js';

// The MCP server driven by the official TypeScript SDK's clients, 1.x and 2.x, as agents embed them:
// OAuth from the first 401 with a person approving in Chromium, a founder's whole journey through
// tools, errors read back as the server's problem documents, and idempotent retries over `_meta`.
// One database kind: what is under test is the protocol between client and server (the OAuth and
// order tests cover both engines).

const IDEMPOTENCY_KEY = 'io.launchdeck/idempotency-key';
const REPLAYED = 'io.launchdeck/idempotent-replayed';
/** A valid German VAT number; the seller is in Ireland, so a German business is reverse charged. */
const VAT_DE = 'DE136695976';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describeEachDatabase(
  'real MCP clients',
  (env) => {
    for (const sdk of SDK_MAJORS) {
      describe(`SDK ${sdk}.x`, () => {
        let email = '';
        let tab: ConsentTab;
        let oauth: MemoryOAuthProvider;
        let session: McpSession;
        /** The founder's website: one per client, as a website is listed once. */
        let site: Awaited<ReturnType<typeof startFixtureSite>>;
        const call = (name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) =>
          callWithConsent(session, oauth, tab, name, args, meta);

        before(async () => {
          email = await createUser(env(), `sdk${sdk}`);
          tab = await ConsentTab.open(browser, env(), email);
          oauth = new MemoryOAuthProvider(tab.redirectUrl, `Agent on SDK ${sdk}.x`);
          session = await connectSession(sdk, `${env().baseUrl}/mcp`, { oauth });
          site = await startFixtureSite(saasWebsite().routes);
        });
        after(async () => {
          await session?.close();
          await tab?.close();
          await site?.close();
        });

        test('OAuth as the SDK does it: discovery from the 401, registration, PKCE, consent in the browser, the code exchanged', async () => {
          await assert.rejects(session.callTool('get_account'), (err) => session.isUnauthorized(err));
          const url = oauth.takeAuthorizationUrl();
          assert.ok(url, 'the SDK sent the person to authorize');
          const base = env().baseUrl;
          assert.equal(url.origin + url.pathname, `${base}/oauth/authorize`);
          assert.equal(url.searchParams.get('client_id'), oauth.client?.client_id);
          assert.equal(url.searchParams.get('redirect_uri'), tab.redirectUrl);
          assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
          assert.equal(url.searchParams.get('code_challenge'), s256(oauth.verifier));
          assert.equal(url.searchParams.get('resource'), `${base}/mcp`);

          const callback = await tab.approve(url);
          assert.equal(callback.get('iss'), base);
          await session.finishAuth(callback);
          const account = structured(await session.callTool('get_account'));
          assert.equal(account.user.email, email);
          assert.equal(account.auth.via, 'oauth');

          // What went over the wire, in order: the 401 names the metadata, then RFC 9728 → RFC 8414 → RFC 7591 → token.
          const steps = [
            (x: Exchange) => x.path === '/mcp' && x.rpc === 'tools/call' && x.status === 401,
            (x: Exchange) => x.path === '/.well-known/oauth-protected-resource/mcp' && x.status === 200,
            (x: Exchange) => x.path === '/.well-known/oauth-authorization-server' && x.status === 200,
            (x: Exchange) => x.path === '/oauth/register' && x.status === 201,
            (x: Exchange) =>
              x.path === '/oauth/token' &&
              x.status === 200 &&
              x.form?.get('grant_type') === 'authorization_code' &&
              x.form.get('code_verifier') === oauth.verifier,
            (x: Exchange) => x.path === '/mcp' && x.rpc === 'tools/call' && x.bearer && x.status === 200,
          ];
          let at = 0;
          for (const [i, step] of steps.entries()) {
            const found = session.exchanges.findIndex((x, j) => j >= at && step(x));
            assert.ok(
              found >= 0,
              `step ${i + 1} missing from ${JSON.stringify(session.exchanges.map((x) => `${x.method} ${x.path} ${x.rpc ?? ''} ${x.status}`))}`,
            );
            at = found + 1;
          }
          const challenge = session.exchanges.find((x) => x.status === 401)?.wwwAuthenticate ?? '';
          assert.match(challenge, new RegExp(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`));
        });

        test('a client started again with the stored tokens connects and calls at once, with no new consent', async () => {
          const again = await connectSession(sdk, `${env().baseUrl}/mcp`, { oauth });
          try {
            assert.equal(structured(await again.callTool('get_account')).user.email, email);
            assert.equal(oauth.takeAuthorizationUrl(), undefined);
          } finally {
            await again.close();
          }
        });

        test('tools/list passes the SDK: every tool has an input schema, and the output schemas compile', async () => {
          const tools = await session.listTools();
          assert.ok(tools.length > 30);
          for (const t of tools) assert.equal(t.inputSchema.type, 'object', t.name);
        });

        let draftId = '';
        let listingId = 0;
        let orderNumber = '';
        test('the founder journey: submit_listing, get_draft until ready, update_draft, submit_draft', async () => {
          const started = structured(await call('submit_listing', { url: `${site.origin}/` }));
          assert.equal(started.status, 'crawling');
          draftId = started.id;
          let draft = structured(await call('get_draft', { id: draftId }));
          for (let round = 0; draft.status !== 'ready' && round < 5; round++) {
            await runJobs(env()); // the worker's turn
            draft = structured(await call('get_draft', { id: draftId }));
          }
          assert.equal(draft.status, 'ready');
          assert.equal(draft.fields.name.value, 'Tallyflow');
          const edited = structured(await call('update_draft', { id: draftId, fields: { stage: 'Launched' } }));
          assert.equal(edited.fields.stage.state, 'manual');
          const saved = structured(await call('submit_draft', { id: draftId }));
          assert.ok(saved.listing_id > 0);
          listingId = saved.listing_id;
        });

        test('the founder journey: list_products, quote_order reverse charged, create_checkout, paid, get_order fulfilled', async () => {
          const products = structured(await call('list_products'));
          const week = products.weeks.find((w: { available: boolean }) => w.available).week;
          const order = {
            items: [{ product: 'launch', listing_id: listingId, week }],
            billing_country: 'DE',
            vat_number: VAT_DE,
          };
          const quote = structured(await call('quote_order', order));
          assert.equal(quote.reverse_charge, true);
          assert.equal(quote.vat_cents, 0);
          assert.equal(quote.total_cents, quote.subtotal_cents);
          const checkout = await call('create_checkout', order);
          const made = structured(checkout);
          assert.equal(made.status, 'pending');
          assert.equal(made.checkout_url, `${env().ctx.config.publicUrl}/checkout/${made.number}`);
          // The page the person opens comes as a resource link too, which clients can show as a link.
          const links = (checkout.content as { type: string; uri?: string }[]).filter(
            (c) => c.type === 'resource_link',
          );
          assert.ok(
            links.some((l) => l.uri === made.checkout_url),
            JSON.stringify(checkout.content.slice(1)),
          );
          orderNumber = made.number;

          // The person pays on the checkout page (the API ends at checkout_url).
          await payOnCheckoutPage(env(), email, orderNumber, {
            name: 'Tallyflow GmbH',
            address: 'Hauptstr. 1, Berlin',
            country: 'DE',
            vat_number: VAT_DE,
          });
          assert.equal(structured(await call('get_order', { number: orderNumber })).status, 'paid');
          await runJobs(env());
          const done = structured(await call('get_order', { number: orderNumber }));
          assert.equal(done.status, 'fulfilled');
          assert.equal(done.vat_cents, 0);
          assert.ok(done.lines.every((l: { fulfilled: boolean }) => l.fulfilled));
        });

        describe('errors come back as the server problem, in content[0].text', () => {
          test('get_listing of a missing slug: 404', async () => {
            const p = toolProblem(await call('get_listing', { slug: 'no-such-product' }));
            assert.equal(p.status, 404);
            assert.match(p.detail, /\S/);
          });

          test('update_draft with an invalid field: 400 naming the field', async () => {
            const p = toolProblem(await call('update_draft', { id: draftId, fields: { tagline: 'x'.repeat(501) } }));
            assert.equal(p.status, 400);
            assert.ok(
              p.errors.some((e: { path: string }) => e.path === 'fields.tagline'),
              JSON.stringify(p.errors),
            );
          });

          test('quote_order with a VAT number of another country than the billing country: 400 saying so', async () => {
            const p = toolProblem(
              await call('quote_order', {
                items: [{ product: 'ai_review', listing_id: listingId }],
                billing_country: 'FR',
                vat_number: VAT_DE,
              }),
            );
            assert.equal(p.status, 400);
            assert.equal(p.errors[0].path, 'vat_number');
            assert.match(p.detail, /vat_number/);
            assert.match(p.detail, /FR|France|billing country/i);
          });

          test('claim_listing of a listing that does not exist and verify_claim of an unknown claim: 404', async () => {
            const claim = toolProblem(await call('claim_listing', { slug: 'no-such-product', method: 'dns' }));
            assert.equal(claim.status, 404);
            const verify = toolProblem(await call('verify_claim', { claim_id: 999999 }));
            assert.equal(verify.status, 404);
          });

          test('get_order of an unknown number: 404', async () => {
            const p = toolProblem(await call('get_order', { number: 'LD-2026-999999' }));
            assert.equal(p.status, 404);
            assert.match(p.detail, /\S/);
          });

          test('a tool needing a scope the credential lacks: 403 naming the scope', async () => {
            const key = await createApiKey(env(), email, ['account:read']);
            const keyed = await connectSession(sdk, `${env().baseUrl}/mcp`, { bearer: key });
            try {
              assert.equal(structured(await keyed.callTool('get_account')).user.email, email);
              const err = await keyed
                .callTool('quote_order', { items: [{ product: 'ai_review', listing_id: listingId }] })
                .then(
                  () => assert.fail('quote_order ran without orders:write'),
                  (e: unknown) => e,
                );
              // 1.x raises the HTTP error with the problem as its text; 2.x raises InsufficientScopeError from the challenge.
              const seen = err as { code?: number; requiredScope?: string; message: string };
              if (sdk === 1) {
                assert.equal(seen.code, 403, seen.message);
                assert.match(seen.message, /lacks the orders:write scope/);
              } else {
                // The challenge names what the key has plus what the tool needs, so asking for it loses nothing.
                assert.equal(seen.requiredScope, 'account:read orders:write', seen.message);
              }
              const challenge = keyed.exchanges.find((x) => x.status === 403)?.wwwAuthenticate ?? '';
              assert.match(challenge, /error="insufficient_scope"/);
              assert.match(challenge, /scope="account:read orders:write"/);
            } finally {
              await keyed.close();
            }
          });
        });

        describe('idempotent retries', () => {
          let listing = 0;
          let number = '';
          const checkout = () => ({ items: [{ product: 'featured', listing_id: listing }] });
          before(async () => {
            listing = await ownedListing(env(), email, `retried-${sdk}`);
          });
          const pendingOrders = async () =>
            (structured(await call('list_my_orders', { per_page: 100 })).items as { number: string; status: string }[])
              .filter((o) => o.status === 'pending')
              .map((o) => o.number);

          test(`create_checkout twice with _meta ${IDEMPOTENCY_KEY}: one order, the second marked replayed`, async () => {
            const first = await call('create_checkout', checkout(), { [IDEMPOTENCY_KEY]: 'k1' });
            const retry = await call('create_checkout', checkout(), { [IDEMPOTENCY_KEY]: 'k1' });
            number = structured(first).number;
            assert.equal(structured(retry).number, number);
            assert.notEqual(first._meta?.[REPLAYED], true);
            assert.equal(retry._meta?.[REPLAYED], true);
          });

          test('the same key as the idempotency_key argument: still that order, replayed', async () => {
            for (let i = 0; i < 2; i++) {
              const again = await call('create_checkout', { ...checkout(), idempotency_key: 'k1' });
              assert.equal(structured(again).number, number);
              assert.equal(again._meta?.[REPLAYED], true);
            }
          });

          test('list_my_orders shows one pending order: the retries made no other', async () => {
            assert.deepEqual(await pendingOrders(), [number]);
          });

          test('cancel_order cancels a pending order', async () => {
            const cancelled = await call('cancel_order', { number });
            assert.notEqual(cancelled.isError, true, cancelled.content[0]?.text);
            assert.equal(structured(await call('get_order', { number })).status, 'cancelled');
            assert.ok(!(await pendingOrders()).includes(number));
          });
        });
      });
    }
  },
  {
    kinds: ['postgres'],
    publicUrlIsListenAddress: true,
    env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' },
    seed: async (ctx) => {
      for (const c of FIXTURE_CATEGORIES.filter((c) => !c.parent_slug))
        await addCategory(ctx.db, ctx.site.id, { slug: c.slug, name: c.name });
      for (const c of FIXTURE_CATEGORIES.filter((c) => c.parent_slug))
        await addCategory(ctx.db, ctx.site.id, { slug: c.slug, name: c.name, parent: c.parent_slug! });
      await runAdmin(ctx, ['set-setting', '--key', 'seller_country', '--value', '"IE"'], () => {});
    },
  },
);
