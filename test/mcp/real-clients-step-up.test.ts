import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { createUser } from '../support/credentials.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { saasWebsite } from '../support/fixture-websites.js';
import {
  ConsentTab,
  connectSession,
  MemoryOAuthProvider,
  SDK_MAJORS,
  structured,
  type McpSession,
} from '../support/mcp-clients.js';

// Step-up with the official SDK's clients, 1.x and 2.x: an agent authorized for account:read only
// (what the 401 of get_account asks for) calls a listings:write tool, gets the 403 insufficient_scope
// challenge naming that scope, is authorized again for it, and afterwards holds both: grants add up.
// One database kind: what is under test is the protocol between client and server.

let browser: Browser;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  browser = await launchBrowser();
  site = await startFixtureSite(saasWebsite().routes);
});
after(async () => {
  await browser?.close();
  await site?.close();
});

describeEachDatabase(
  'real MCP clients: step-up to a wider scope',
  (env) => {
    for (const sdk of SDK_MAJORS) {
      describe(`SDK ${sdk}.x`, () => {
        let email = '';
        let tab: ConsentTab;
        let oauth: MemoryOAuthProvider;
        let session: McpSession;
        const submit = () => session.callTool('submit_listing', { url: `${site.origin}/?sdk=${sdk}` });

        before(async () => {
          email = await createUser(env(), `step-up-sdk${sdk}`);
          tab = await ConsentTab.open(browser, env(), email);
          oauth = new MemoryOAuthProvider(tab.redirectUrl, `Narrow agent on SDK ${sdk}.x`);
          session = await connectSession(sdk, `${env().baseUrl}/mcp`, { oauth });
        });
        after(async () => {
          await session?.close();
          await tab?.close();
        });

        test('the 401 of get_account names account:read, and the SDK asks for just that', async () => {
          await assert.rejects(session.callTool('get_account'), (err) => session.isUnauthorized(err));
          const challenge = session.exchanges.find((x) => x.status === 401)?.wwwAuthenticate ?? '';
          assert.match(challenge, /scope="account:read"/);
          const url = oauth.takeAuthorizationUrl();
          assert.ok(url);
          assert.equal(url.searchParams.get('scope'), 'account:read');
          await session.finishAuth(await tab.approve(url, ['account:read']));
          assert.equal(structured(await session.callTool('get_account')).user.email, email);
          assert.equal(oauth.stored?.scope, 'account:read');
        });

        test('a listings:write tool gets the 403 insufficient_scope challenge naming what is granted plus listings:write', async () => {
          const refused = await submit().then(
            () => assert.fail('submit_listing ran with an account:read token'),
            (err: unknown) => err,
          );
          const forbidden = session.exchanges.find((x) => x.status === 403);
          assert.ok(forbidden, `no 403: ${String(refused)}`);
          assert.match(forbidden.wwwAuthenticate ?? '', /error="insufficient_scope"/);
          assert.match(forbidden.wwwAuthenticate ?? '', /scope="account:read listings:write"/);
          if (sdk === 2) {
            // 2.x steps up by itself: it asks the person again for what it had plus the challenged scope.
            assert.ok(session.isUnauthorized(refused), String(refused));
          } else {
            // 1.x refreshes its token instead, which cannot widen a grant, and gives up on the second 403.
            // Its host then drops the token that is not enough and calls again: the 401 names the scope.
            assert.ok(session.gaveUpStepUp(refused), String(refused));
            assert.equal(oauth.takeAuthorizationUrl(), undefined);
            oauth.invalidateCredentials('tokens');
            await assert.rejects(submit(), (err) => session.isUnauthorized(err));
          }
        });

        test('authorized again for listings:write, the tool works, and so does get_account: grants add up', async () => {
          const url = oauth.takeAuthorizationUrl();
          assert.ok(url, 'the SDK sent the person to authorize again');
          assert.ok(url.searchParams.get('scope')?.split(' ').includes('listings:write'), url.search);
          await session.finishAuth(await tab.approve(url, ['listings:write']));
          assert.equal(structured(await submit()).status, 'crawling');
          const account = structured(await session.callTool('get_account'));
          assert.equal(account.user.email, email);
          assert.deepEqual([...account.auth.scopes].sort(), ['account:read', 'listings:write']);
          assert.equal(oauth.authorizationUrls.length, 2, 'the person was asked twice, no more');
        });
      });
    }
  },
  { kinds: ['postgres'], publicUrlIsListenAddress: true, env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
