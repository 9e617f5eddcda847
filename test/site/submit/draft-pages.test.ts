import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { signedIn as signedInAs } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import { tallyflowMiniRoutes } from '../../support/fixture-websites.js';
import { runJobs } from '../../support/draft-client.js';
import { addCategory } from '../../support/fixtures.js';
import { loadDraft } from '../../../src/domain/drafts/draft-repository.js';

let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite(tallyflowMiniRoutes());
});
after(async () => {
  await site.close();
});

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The inputs and textareas of the form with that id, as a browser would post them. */
function formFields(html: string, id: string): Record<string, string> {
  const start = html.indexOf(`<form id="${id}"`);
  assert.ok(start >= 0, `no form #${id}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const out: Record<string, string> = {};
  for (const [, attrs] of form.matchAll(/<input([^>]*)>/g)) {
    const name = /\sname="([^"]*)"/.exec(attrs)?.[1];
    if (name) out[decode(name)] = decode(/\svalue="([^"]*)"/.exec(attrs)?.[1] ?? '');
  }
  for (const [, attrs, text] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /\sname="([^"]*)"/.exec(attrs)?.[1];
    if (name) out[decode(name)] = decode(text);
  }
  return out;
}

/** The state badge shown for a field in the editor. */
const stateOf = (html: string, field: string) =>
  new RegExp(`id="field-${field}"[\\s\\S]*?data-state="([a-z_]+)"`).exec(html)?.[1];

const signedIn = (env: TestEnv, label = 'founder') => signedInAs(env, label);

async function submitSite(b: FormClient): Promise<string> {
  const res = await b.submit('/submit', '/submit', { url: `${site.origin}/` });
  assert.equal(res.statusCode, 303, res.body);
  const id = /^\/drafts\/([0-9a-f-]{36})$/.exec(String(res.headers.location))?.[1];
  assert.ok(id, String(res.headers.location));
  return id;
}

async function readyDraft(env: TestEnv, b: FormClient): Promise<string> {
  const id = await submitSite(b);
  await runJobs(env);
  return id;
}

describeEachDatabase(
  'draft pages',
  (env) => {
    before(async () => {
      await addCategory(env().ctx.db, env().ctx.site.id, { slug: 'invoicing', name: 'Invoicing' });
    });

    test('the submit page asks for sign-in first', async () => {
      const res = await new FormClient(env().app).get('/submit');
      assert.equal(res.statusCode, 303);
      assert.equal(decodeURIComponent(String(res.headers.location)), '/signin?next=/submit');
    });

    test('submitting a URL shows the progress page, and progress.json reports the crawl', async () => {
      const { b } = await signedIn(env());
      const form = await b.get('/submit');
      assert.match(form.body, /<input type="url" name="url" required maxlength="2048"/);
      assert.match(form.body, /href="\/submit">Submit a product<\/a>/, 'the nav links to the submit page');
      const id = await submitSite(b);
      const progress = await b.get(`/drafts/${id}`);
      assert.equal(progress.statusCode, 200);
      assert.match(progress.body, /Status: <strong data-k="status">crawling<\/strong>/);
      assert.match(progress.body, /<noscript><meta http-equiv="refresh" content="3">/);
      const src = /<script src="(\/assets\/draft-progress\.[0-9a-f]{12}\.js)" defer><\/script>/.exec(
        progress.body,
      )?.[1];
      assert.ok(src, 'the page loads the progress script from an address carrying its hash');
      const script = await b.get(src);
      assert.equal(script.statusCode, 200);
      assert.match(String(script.headers['content-type']), /javascript/);
      assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
      const json = await b.get(`/drafts/${id}/progress.json`);
      assert.equal(json.statusCode, 200);
      assert.equal(json.json().status, 'crawling');
      assert.equal(json.json().progress.phase, 'queued');
      assert.equal(json.json().completeness, 0);
      assert.equal((await new FormClient(env().app).get(`/drafts/${id}/progress.json`)).statusCode, 401);
    });

    test('a URL that is not a public website is refused on the form, keeping what was typed', async () => {
      const { b } = await signedIn(env());
      const res = await b.submit('/submit', '/submit', { url: 'ftp://example.com/files' });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /class="field-error"[^>]*>Website URL: must be an http:\/\/ or https:\/\/ URL/);
      assert.match(res.body, /value="ftp:\/\/example\.com\/files"/);
    });

    test('after the jobs run, the page shows the editor with field states and evidence quotes', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      assert.equal((await b.get(`/drafts/${id}/progress.json`)).json().status, 'ready');
      const res = await b.get(`/drafts/${id}`);
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<form id="draft-fields" method="post" action="\/drafts\/[0-9a-f-]+\/edit"/);
      assert.match(res.body, /name="value\.contact_email" value="hello@tallyflow\.example"/);
      assert.equal(stateOf(res.body, 'contact_email'), 'ai');
      assert.match(res.body, /Quoted from your website/);
      assert.equal(stateOf(res.body, 'stage'), 'not_found');
      assert.match(res.body, /Not found on your website/);
      assert.match(res.body, /<q>[^<]*2021[^<]*<\/q>/, 'the founded year is shown with its quote');
      assert.match(res.body, /Completeness: \d+%/);
      assert.match(res.body, /Still missing: .*Stage/);
      const list = await b.get('/drafts');
      assert.match(list.body, new RegExp(`href="/drafts/${id}"`));
    });

    test('the editor lists the pages found but not read, each with its reason', async () => {
      const skipping = await startFixtureSite({
        '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /admin\n' },
        '/': {
          body: '<!doctype html><html><head><title>Tallyflow</title></head><body><h1>Tallyflow</h1><p>Invoices that chase themselves.</p><a href="/admin">Admin</a> <a href="/guide.pdf">Guide</a></body></html>',
        },
      });
      try {
        const { b } = await signedIn(env());
        const res = await b.submit('/submit', '/submit', { url: `${skipping.origin}/` });
        const id = /^\/drafts\/([0-9a-f-]{36})$/.exec(String(res.headers.location))![1];
        await runJobs(env());
        const editor = (await b.get(`/drafts/${id}`)).body;
        assert.match(editor, /Found but not read:/);
        assert.match(editor, new RegExp(`${skipping.origin}/admin</a> <span class="muted">disallowed by robots\\.txt`));
        assert.match(
          editor,
          new RegExp(`${skipping.origin}/guide\\.pdf</a> <span class="muted">not an HTML page \\(\\.pdf\\)`),
        );
      } finally {
        await skipping.close();
      }
    });

    test('saving the form changes only the field that was edited', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const before = (await loadDraft(env().ctx.db, id))!;
      const fields = formFields((await b.get(`/drafts/${id}`)).body, 'draft-fields');
      const res = await b.submit(`/drafts/${id}`, `/drafts/${id}/edit`, {
        ...fields,
        'value.contact_email': 'sales@tallyflow.example',
      });
      assert.equal(res.statusCode, 303, res.body);
      const after = (await loadDraft(env().ctx.db, id))!;
      assert.deepEqual(
        [after.fields.contact_email.state, after.fields.contact_email.value],
        ['edited', 'sales@tallyflow.example'],
      );
      for (const [name, row] of Object.entries(after.fields)) {
        if (name === 'contact_email') continue;
        assert.deepEqual(
          [row.state, row.value],
          [before.fields[name as 'name'].state, before.fields[name as 'name'].value],
          name,
        );
      }
      const shown = await b.get(String(res.headers.location));
      assert.match(shown.body, /Your changes were saved/);
      assert.equal(stateOf(shown.body, 'contact_email'), 'edited');
      assert.match(shown.body, /Edited by you/);
    });

    test('lock, restore, redraft and remove act on one field', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const act = (action: string, field: string) => b.submit(`/drafts/${id}`, `/drafts/${id}/edit`, { action, field });
      const row = async (field: 'founded_year' | 'contact_email') => (await loadDraft(env().ctx.db, id))!.fields[field];

      assert.equal((await act('lock', 'founded_year')).statusCode, 303);
      assert.equal((await row('founded_year')).state, 'override');
      assert.match((await b.get(`/drafts/${id}`)).body, /Locked — AI redrafts skip it/);

      assert.equal((await act('delete', 'contact_email')).statusCode, 303);
      assert.deepEqual([(await row('contact_email')).state, (await row('contact_email')).value], ['deleted', null]);
      assert.equal((await act('restore', 'contact_email')).statusCode, 303);
      assert.deepEqual(
        [(await row('contact_email')).state, (await row('contact_email')).value],
        ['ai', 'hello@tallyflow.example'],
      );

      const fields = formFields((await b.get(`/drafts/${id}`)).body, 'draft-fields');
      await b.submit(`/drafts/${id}`, `/drafts/${id}/edit`, { ...fields, 'value.contact_email': 'typo@example.com' });
      assert.equal((await row('contact_email')).state, 'edited');
      const redrafted = await act('regenerate', 'contact_email');
      assert.equal(redrafted.statusCode, 303);
      assert.deepEqual(
        [(await row('contact_email')).state, (await row('contact_email')).value],
        ['ai', 'hello@tallyflow.example'],
      );
      assert.match(
        (await b.get(String(redrafted.headers.location))).body,
        /The AI drafted Contact email again from your website/,
      );

      assert.equal((await act('lock', 'no_such_field')).statusCode, 400);
    });

    test('a bad value shows the error at its field and keeps everything typed', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const before = (await loadDraft(env().ctx.db, id))!;
      const fields = formFields((await b.get(`/drafts/${id}`)).body, 'draft-fields');
      const res = await b.submit(`/drafts/${id}`, `/drafts/${id}/edit`, {
        ...fields,
        'value.founded_year': 'last year',
        'value.tagline': 'Invoices, <chased> for you',
        'value.short_description': 'x'.repeat(501),
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /id="error-short_description" role="alert">Short description: at most 500 characters/);
      assert.match(res.body, /id="error-founded_year" role="alert">Founded year: must be a year from 1800 to 2100/);
      assert.match(res.body, /value="Invoices, &lt;chased&gt; for you"/);
      assert.match(res.body, /value="last year"/);
      assert.ok(res.body.includes(`>${'x'.repeat(501)}</textarea>`));
      const second = await b.submit(`/drafts/${id}`, `/drafts/${id}/edit`, {
        ...fields,
        'value.country': 'Portugal',
        'value.tagline': 'Invoices, <chased> for you',
      });
      assert.equal(second.statusCode, 400, 'the checks of editDraft are shown the same way');
      assert.match(second.body, /id="error-country" role="alert">Country: must be an ISO 3166-1 alpha-2 country code/);
      assert.match(second.body, /value="Portugal"/);
      assert.match(second.body, /value="Invoices, &lt;chased&gt; for you"/);
      assert.deepEqual((await loadDraft(env().ctx.db, id))!.fields, before.fields, 'nothing was saved');
    });

    test('FAQs are added on the editor; an FAQ without an answer is refused, keeping what was typed', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const before = (await loadDraft(env().ctx.db, id))!;
      const fields = formFields((await b.get(`/drafts/${id}`)).body, 'faqs-form');
      const unchanged = await b.submit(`/drafts/${id}`, `/drafts/${id}/faqs`, fields);
      assert.equal(unchanged.statusCode, 303);
      assert.deepEqual(
        (await loadDraft(env().ctx.db, id))!.edited_parts,
        before.edited_parts,
        'an untouched form changes nothing',
      );
      const n = before.faqs.length;
      const refused = await b.submit(`/drafts/${id}`, `/drafts/${id}/faqs`, {
        ...fields,
        [`faq.${n}.question`]: 'Is there a free trial?',
        [`faq.${n}.answer`]: '',
      });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.body, new RegExp(`FAQ ${n + 1}: both a question and an answer are needed`));
      assert.match(refused.body, /value="Is there a free trial\?"/);
      const saved = await b.submit(`/drafts/${id}`, `/drafts/${id}/faqs`, {
        ...fields,
        [`faq.${n}.question`]: 'Is there a free trial?',
        [`faq.${n}.answer`]: 'Yes, 14 days.',
      });
      assert.equal(saved.statusCode, 303);
      const after = (await loadDraft(env().ctx.db, id))!;
      assert.deepEqual(after.faqs.at(-1), {
        question: 'Is there a free trial?',
        answer: 'Yes, 14 days.',
        evidence: [],
      });
      assert.equal(after.faqs.length, n + 1);
      assert.ok(after.edited_parts.includes('faqs'));
      assert.match((await b.get(String(saved.headers.location))).body, /Your FAQs were saved/);
    });

    test('the evidence page shows the stored page text with the quote marked', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const editor = await b.get(`/drafts/${id}`);
      assert.match(editor.body, new RegExp(`href="/drafts/${id}/evidence\\?field=founded_year&amp;i=0"`));
      const res = await b.get(`/drafts/${id}/evidence?field=founded_year&i=0`);
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<pre class="page-text">[\s\S]*<mark id="quote">[^<]*2021[^<]*<\/mark>/);
      assert.match(res.body, /About Tallyflow/, 'the text around the quote is shown');
      assert.equal((await b.get(`/drafts/${id}/evidence?field=founded_year&i=9`)).statusCode, 404);
      assert.equal((await b.get(`/drafts/${id}/evidence?field=__proto__&i=0`)).statusCode, 404);
    });

    test("another user's draft is 403 and an unknown one 404", async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const { b: other } = await signedIn(env(), 'other');
      const res = await other.get(`/drafts/${id}`);
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /This draft belongs to another account/);
      assert.equal((await other.get(`/drafts/${id}/progress.json`)).statusCode, 403);
      assert.equal((await other.get(`/drafts/${id}/evidence?field=founded_year&i=0`)).statusCode, 403);
      assert.equal(
        (await other.submit('/submit', `/drafts/${id}/edit`, { action: 'delete', field: 'name' })).statusCode,
        403,
      );
      assert.notEqual((await loadDraft(env().ctx.db, id))!.fields.name.state, 'deleted');
      assert.equal((await other.get('/drafts/00000000-0000-4000-8000-000000000000')).statusCode, 404);
      assert.equal((await other.get('/drafts/not-a-uuid')).statusCode, 404);
    });

    test('an invited co-founder signs in from the mailed link, accepts and works on the draft', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const cofounderEmail = await createUser(env(), 'cofounder');
      const invited = await b.submit(`/drafts/${id}`, `/drafts/${id}/invites`, { email: cofounderEmail });
      assert.equal(invited.statusCode, 303, invited.body);
      assert.match((await b.get(String(invited.headers.location))).body, /The invite was sent\. 9 invites left/);
      const [mail] = await env().ctx.db.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
        [cofounderEmail],
      );
      const link = new URL(/https?:\/\/\S+\/invites\/\S+/.exec(mail.text_body)![0]);

      const c = new FormClient(env().app);
      const toSignIn = await c.get(link.pathname);
      assert.equal(toSignIn.statusCode, 303);
      assert.equal(decodeURIComponent(String(toSignIn.headers.location)), `/signin?next=${link.pathname}`);
      const afterSignIn = await c.submit(String(toSignIn.headers.location), '/signin', {
        email: cofounderEmail,
        password: TEST_PASSWORD,
        next: link.pathname,
      });
      assert.equal(afterSignIn.headers.location, link.pathname);
      const invite = await c.get(link.pathname);
      assert.equal(invite.statusCode, 200);
      assert.match(invite.body, /invited you to co-own <strong>/);
      const accepted = await c.submit(link.pathname, link.pathname, {});
      assert.equal(accepted.statusCode, 303);
      assert.equal(accepted.headers.location, `/drafts/${id}`);
      assert.match((await c.get('/drafts')).body, new RegExp(`href="/drafts/${id}"`));
      const editor = await c.get(`/drafts/${id}`);
      assert.equal(editor.statusCode, 200);
      assert.match(editor.body, /shared with you as a co-founder/);
      assert.equal((await c.get(link.pathname)).statusCode, 404, 'the link works once');
      const again = await c.submit(`/drafts/${id}`, link.pathname, {});
      assert.equal(again.statusCode, 404);
      assert.match(again.body, /This invite link is not valid any more/);
      const malformed = await c.submit(`/drafts/${id}`, '/invites/short', {});
      assert.equal(malformed.statusCode, 404);
      assert.match(malformed.body, /This invite link is not valid\./);
    });

    test('inviting yourself or a bad address shows the error and keeps the address', async () => {
      const { b, email } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const self = await b.submit(`/drafts/${id}`, `/drafts/${id}/invites`, { email });
      assert.equal(self.statusCode, 400);
      assert.match(self.body, /id="invite-error" role="alert">[^<]*your own address/);
      const bad = await b.submit(`/drafts/${id}`, `/drafts/${id}/invites`, { email: 'not an email' });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /name="email" required maxlength="254" value="not an email"/);
    });

    test('saving the draft as a listing shows it saved, not published; the same domain from another account is refused', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const saved = await b.submit(`/drafts/${id}`, `/drafts/${id}/submit`, {});
      assert.equal(saved.statusCode, 200, saved.body);
      assert.match(saved.body, /Saved as your listing/);
      assert.match(saved.body, /not published yet/);
      assert.equal((await loadDraft(env().ctx.db, id))!.listing_id !== null, true);
      const { b: other } = await signedIn(env(), 'other');
      const second = await readyDraft(env(), other);
      // The first listing is unpublished: someone else's work in progress is not named to the other user.
      const editor = await other.get(`/drafts/${second}`);
      assert.doesNotMatch(editor.body, /is already listed/);
      const refused = await other.submit(`/drafts/${second}`, `/drafts/${second}/submit`, {});
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /Not saved as a listing: [^<]*being prepared by another account/);
    });

    test('a form posted without its CSRF token is refused', async () => {
      const { b } = await signedIn(env());
      const id = await readyDraft(env(), b);
      const res = await b.submit(
        `/drafts/${id}`,
        `/drafts/${id}/edit`,
        { action: 'delete', field: 'contact_email' },
        { csrf: false },
      );
      assert.equal(res.statusCode, 403);
      assert.equal((await loadDraft(env().ctx.db, id))!.fields.contact_email.state, 'ai');
      assert.equal((await b.submit('/submit', '/submit', { url: `${site.origin}/` }, { csrf: false })).statusCode, 403);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
