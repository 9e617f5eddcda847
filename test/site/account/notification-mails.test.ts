import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { FormClient } from '../../support/form-client.js';
import { signedIn } from '../../support/signed-in.js';
import { receivedText, startSmtpServer } from '../../support/smtp-server.js';
import { deliveredTo, headerOf, ownedLiveListing, person } from '../../support/notification-fixtures.js';
import { addComment, commentableListing } from '../../../src/domain/comments/comments.js';
import { sendNotificationBatches } from '../../../src/domain/notifications/send-notifications.js';
import { NOTIFICATION_KINDS } from '../../../src/domain/notifications/notification-kinds.js';

const smtp = await startSmtpServer();
after(() => smtp.close());

/** The kinds an account has turned off. */
const kindsOff = async (env: TestEnv, userId: number) =>
  (
    await env.ctx.db.query<{ kind: string }>(
      'SELECT kind FROM notification_opt_outs WHERE user_id = $1 ORDER BY kind',
      [userId],
    )
  ).map((r) => r.kind);

describeEachDatabase(
  'notification mails: unsubscribing and settings',
  (env) => {
    /** An owner mailed about a comment on their listing: the message as the SMTP server got it, and its link's path. */
    async function mailedOwner() {
      const owner = await person(env(), 'owner');
      const l = await ownedLiveListing(env(), 'Mailable', [owner]);
      const target = await commentableListing(env().ctx.db, env().ctx.site.id, l.slug);
      await addComment(env().ctx.db, target!, (await person(env(), 'ada')).id, { body: 'Nice work.' }, env().ctx.now());
      await sendNotificationBatches(env().ctx);
      const [mail] = await deliveredTo(env(), smtp.received, owner.email);
      assert.ok(mail, 'the owner was mailed');
      const url = /^<(http:\/\/launchdeck\.test\/unsubscribe\?token=[A-Za-z0-9._-]+)>$/.exec(
        headerOf(mail, 'List-Unsubscribe') ?? '',
      )?.[1];
      assert.ok(url, `List-Unsubscribe: ${headerOf(mail, 'List-Unsubscribe')}`);
      return { owner, l, mail, url, path: url.slice('http://launchdeck.test'.length) };
    }

    test('every notification mail has List-Unsubscribe with an https or http URL and List-Unsubscribe-Post One-Click', async () => {
      const { mail, url } = await mailedOwner();
      assert.equal(headerOf(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      assert.ok(receivedText(mail).text.includes(url), 'the same link is in the text');
    });

    test('a POST to the link, with no cookie and no CSRF token, turns that kind off and only that one', async () => {
      const { owner, path } = await mailedOwner();
      const res = await env().app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<h1>Unsubscribed<\/h1>/);
      assert.deepEqual(await kindsOff(env(), owner.id), ['comment']);
      // A mail client may post it as multipart/form-data (RFC 8058 §3.2); a repeat changes nothing.
      const boundary = 'xyzzy';
      const again = await env().app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      assert.equal(again.statusCode, 200);
      assert.deepEqual(await kindsOff(env(), owner.id), ['comment']);
    });

    test('opening the link (GET) unsubscribes nobody: its page asks, and its button does it', async () => {
      const { owner, path } = await mailedOwner();
      const b = new FormClient(env().app);
      const page = await b.get(path);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /New comments on your listings/);
      assert.deepEqual(await kindsOff(env(), owner.id), [], 'a mail scanner following the link changes nothing');
      const action = /<form method="post" action="([^"]+)">/.exec(page.body)?.[1].replace(/&amp;/g, '&');
      assert.equal(action, path);
      const done = await b.submit(path, action, { 'List-Unsubscribe': 'One-Click' }, { csrf: false });
      assert.equal(done.statusCode, 200);
      assert.deepEqual(await kindsOff(env(), owner.id), ['comment']);
      assert.match((await b.get(path)).body, /Already unsubscribed/);
    });

    test('a link whose token was altered, or names another account or kind, is refused', async () => {
      const { owner, path } = await mailedOwner();
      const token = new URL(path, 'http://x').searchParams.get('token')!;
      const [id, kind, mac] = token.split('.');
      for (const forged of [
        `${Number(id) + 1}.${kind}.${mac}`,
        `${id}.review.${mac}`,
        `${id}.${kind}.${mac.slice(0, -2)}AA`,
        `${id}.${kind}`,
        '',
      ]) {
        const res = await env().app.inject({
          method: 'POST',
          url: `/unsubscribe?token=${encodeURIComponent(forged)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        assert.equal(res.statusCode, 400, forged);
        assert.equal((await env().get(`/unsubscribe?token=${encodeURIComponent(forged)}`)).statusCode, 400, forged);
      }
      assert.deepEqual(await kindsOff(env(), owner.id), []);
    });

    test('the account page has a checkbox per kind, all on at first; saving keeps exactly the checked ones on', async () => {
      const { b, email } = await signedIn(env(), 'settings');
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      const checkboxes = (body: string) =>
        [...body.matchAll(/<input type="checkbox" name="on" value="([a-z]+)" ?(checked)?>/g)].map((m) => [
          m[1],
          !!m[2],
        ]);
      const page = await b.get('/account');
      assert.match(page.body, /<h2 id="notifications">Email notifications<\/h2>/);
      assert.deepEqual(
        checkboxes(page.body),
        NOTIFICATION_KINDS.map((k) => [k, true]),
      );
      const saved = await b.submit('/account', '/account/notifications', { on: ['comment', 'award'] });
      assert.equal(saved.statusCode, 303);
      assert.equal(saved.headers.location, '/account?notifications=saved#notifications');
      assert.deepEqual(await kindsOff(env(), id), ['digest', 'order', 'review', 'votes']);
      const after = await b.get('/account?notifications=saved');
      assert.match(after.body, /Your notification settings are saved\./);
      assert.deepEqual(
        checkboxes(after.body),
        NOTIFICATION_KINDS.map((k) => [k, k === 'comment' || k === 'award']),
      );
      await b.submit('/account', '/account/notifications', {});
      assert.deepEqual((await kindsOff(env(), id)).length, NOTIFICATION_KINDS.length, 'nothing checked: all off');
      const refused = await b.submit('/account', '/account/notifications', { on: ['comment'] }, { csrf: false });
      assert.equal(refused.statusCode, 403, 'the settings form needs its CSRF token');
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
