import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { signedIn } from '../../support/signed-in.js';
import type { FormClient } from '../../support/form-client.js';
import { addCategory, addListing, finishFixtures } from '../../support/fixtures.js';

type Node = { slug: string; name: string; description: string; children: Node[] };
const findNode = (nodes: Node[], slug: string): Node | undefined => {
  for (const n of nodes) {
    const hit = n.slug === slug ? n : findNode(n.children, slug);
    if (hit) return hit;
  }
  return undefined;
};

async function seed(ctx: TestEnv['ctx']) {
  const s = ctx.site.id;
  await addCategory(ctx.db, s, { slug: 'tools', name: 'Tools', position: 0 });
  await addCategory(ctx.db, s, { slug: 'hammers', name: 'Hammers', parent: 'tools' });
  await addCategory(ctx.db, s, { slug: 'claw-hammers', name: 'Claw hammers', parent: 'hammers' });
  await addCategory(ctx.db, s, { slug: 'gardening', name: 'Gardening', position: 1 });
  await addListing(ctx.db, s, { slug: 'spade-co', name: 'Spade Co', category: 'gardening' });
  await ctx.db.query(
    `INSERT INTO interview_questions (site_id, question, position) VALUES ($1, 'Why did you start?', 1)`,
    [s],
  );
  await finishFixtures(ctx);
}

describeEachDatabase(
  'site: the admin content editors (categories, blog, interview questions)',
  (env) => {
    let admin: FormClient;
    let adminId: number;
    let seq = 0;
    const unique = (base: string) => `${base}-${++seq}`;
    const categoryId = async (slug: string) =>
      (
        await env().ctx.db.query<{ id: number }>('SELECT id FROM categories WHERE site_id = $1 AND slug = $2', [
          env().ctx.site.id,
          slug,
        ])
      )[0]?.id;

    before(async () => {
      const signed = await signedIn(env(), 'admin');
      const rows = await env().ctx.db.query<{ id: number }>(
        'UPDATE users SET is_admin = true WHERE email = $1 RETURNING id',
        [signed.email],
      );
      admin = signed.b;
      adminId = rows[0].id;
    });

    /** Creates a category through the form; its id. */
    async function createCategory(fields: Record<string, string>) {
      const res = await admin.submit('/admin/categories', '/admin/categories', {
        description: '',
        parent: '',
        position: '',
        ...fields,
      });
      assert.equal(res.statusCode, 303, res.body);
      return Number(/^\/admin\/categories\/(\d+)\?/.exec(String(res.headers.location))![1]);
    }

    describe('who may use them', () => {
      test('a signed-out visitor is sent to sign in, and back', async () => {
        for (const path of ['/admin/categories', '/admin/blog', '/admin/interview-questions']) {
          const res = await env().get(path);
          assert.equal(res.statusCode, 303, path);
          assert.equal(res.headers.location, `/signin?next=${encodeURIComponent(path)}`);
        }
      });

      test('a signed-in member who is not an admin gets 403 on every page and every form', async () => {
        const { b } = await signedIn(env(), 'member');
        for (const path of ['/admin/categories', '/admin/blog', '/admin/blog/new', '/admin/interview-questions'])
          assert.equal((await b.get(path)).statusCode, 403, path);
        // A valid CSRF token from the member's own account page: only the admin check stops this.
        const slug = unique('member-made');
        const res = await b.submit('/account', '/admin/categories', {
          slug,
          name: 'Member made',
          parent: '',
          description: '',
          position: '',
        });
        assert.equal(res.statusCode, 403);
        assert.equal(await categoryId(slug), undefined);
      });

      test('a form posted without its CSRF token is refused and changes nothing', async () => {
        const slug = unique('no-token');
        const res = await admin.submit(
          '/admin/categories',
          '/admin/categories',
          { slug, name: 'No token', parent: '', description: '', position: '' },
          { csrf: false },
        );
        assert.equal(res.statusCode, 403);
        assert.equal(await categoryId(slug), undefined);
        const q = await admin.submit(
          '/admin/interview-questions',
          '/admin/interview-questions',
          { question: 'Tokenless?', position: '' },
          { csrf: false },
        );
        assert.equal(q.statusCode, 403);
      });

      test('unknown and garbage ids are a 404 page, never a 500', async () => {
        for (const path of [
          '/admin/categories/999999',
          '/admin/categories/abc',
          '/admin/categories/99999999999',
          '/admin/blog/999999',
          '/admin/blog/-1',
        ]) {
          const res = await admin.get(path);
          assert.equal(res.statusCode, 404, path);
          assert.match(String(res.headers['content-type']), /^text\/html/);
        }
        for (const [page, action] of [
          ['/admin/categories', '/admin/categories/1.5/delete'],
          ['/admin/blog/new', '/admin/blog/999999/delete'],
          ['/admin/interview-questions', '/admin/interview-questions/x/retire'],
        ]) {
          assert.equal((await admin.submit(page, action, {})).statusCode, 404, action);
        }
      });
    });

    describe('categories', () => {
      test('a category created in the form is on /categories and in GET /api/v1/categories at once, cached reads notwithstanding', async () => {
        assert.equal((await env().json('/api/v1/categories')).status, 200); // fills the read cache
        const slug = unique('power-tools');
        await createCategory({
          slug,
          name: 'Power tools',
          parent: String(await categoryId('tools')),
          description: 'Drills & saws',
        });
        const api = await env().json<{ items: Node[] }>('/api/v1/categories');
        assert.equal(findNode(findNode(api.body.items, 'tools')!.children, slug)?.name, 'Power tools');
        const page = await env().get('/categories');
        assert.match(page.body, new RegExp(`<a href="/categories/${slug}">Power tools</a>`));
      });

      test('an edit of name, description and parent shows on the public category page and in get_category at once', async () => {
        const slug = unique('mallets');
        const id = await createCategory({ slug, name: 'Mallets' });
        assert.equal((await env().json(`/api/v1/categories/${slug}`)).body.parent, null); // cached now
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}`, {
          name: 'Wooden mallets',
          description: 'Soft blows.',
          parent: String(await categoryId('hammers')),
          position: '3',
        });
        assert.equal(res.statusCode, 303);
        const api = await env().json(`/api/v1/categories/${slug}`);
        assert.deepEqual(
          [api.body.name, api.body.description, api.body.parent],
          ['Wooden mallets', 'Soft blows.', { slug: 'hammers', name: 'Hammers' }],
        );
        assert.match((await env().get(`/categories/${slug}`)).body, /<h1>Wooden mallets<\/h1>/);
      });

      test('a bad category form comes back with 400, naming each field and keeping what was typed', async () => {
        const res = await admin.submit('/admin/categories', '/admin/categories', {
          slug: 'Bad Slug!',
          name: '',
          description: 'Kept <b>text</b>',
          parent: '',
          position: 'first',
        });
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /Slug: must be lowercase letters/);
        assert.match(res.body, /Name: must not be empty/);
        assert.match(res.body, /Position: must be a whole number/);
        assert.match(res.body, /value="Bad Slug!"/);
        assert.match(res.body, />Kept &lt;b&gt;text&lt;\/b&gt;<\/textarea>/);
      });

      test('a slug already used by another category is refused with 400 naming the slug', async () => {
        const res = await admin.submit('/admin/categories', '/admin/categories', {
          slug: 'tools',
          name: 'Tools again',
          parent: '',
          description: '',
          position: '',
        });
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /Slug: is already used by another category/);
      });

      test('a category cannot become its own ancestor, nor its own parent', async () => {
        const tools = await categoryId('tools');
        for (const parent of ['claw-hammers', 'tools']) {
          const res = await admin.submit(`/admin/categories/${tools}`, `/admin/categories/${tools}`, {
            name: 'Tools',
            description: '',
            parent: String(await categoryId(parent)),
            position: '0',
          });
          assert.equal(res.statusCode, 400, parent);
          assert.match(res.body, /Parent category: cannot be the category itself or one of its subcategories/);
        }
        assert.equal((await env().json('/api/v1/categories/tools')).body.parent, null);
      });

      test('the edit form offers no parent below the category itself', async () => {
        const res = await admin.get(`/admin/categories/${await categoryId('hammers')}`);
        const options = res.body.slice(res.body.indexOf('id="cat-parent"'), res.body.indexOf('</select>'));
        assert.match(options, />Gardening</);
        assert.doesNotMatch(options, /Claw hammers|>— Hammers</);
      });

      test('saved FAQs replace the old ones and show in get_category in order; empty rows are skipped', async () => {
        const id = await categoryId('gardening');
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/faqs`, {
          'faq.0.question': 'When to plant?',
          'faq.0.answer': 'In spring.',
          'faq.1.question': '',
          'faq.1.answer': '',
          'faq.2.question': 'Which soil?',
          'faq.2.answer': 'Loam.',
        });
        assert.equal(res.statusCode, 303);
        assert.deepEqual((await env().json('/api/v1/categories/gardening')).body.faqs, [
          { question: 'When to plant?', answer: 'In spring.' },
          { question: 'Which soil?', answer: 'Loam.' },
        ]);
      });

      test('an FAQ answer over 1,500 characters is a 400 naming that FAQ field, with the FAQs unchanged', async () => {
        const id = await categoryId('tools');
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/faqs`, {
          'faq.0.question': 'Too long?',
          'faq.0.answer': 'x'.repeat(1501),
        });
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /FAQ 1 answer: at most 1500 characters \(it has 1501\)/);
        assert.match(res.body, /value="Too long\?"/);
        assert.deepEqual((await env().json('/api/v1/categories/tools')).body.faqs, []);
      });

      test('more than 10 FAQs are a 400 naming the FAQs', async () => {
        const id = await categoryId('tools');
        const fields: Record<string, string> = {};
        for (let i = 0; i < 11; i++) {
          fields[`faq.${i}.question`] = `Question ${i}?`;
          fields[`faq.${i}.answer`] = 'Yes.';
        }
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/faqs`, fields);
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /FAQs: at most 10 FAQs \(11 are filled in\)/);
      });

      test('an FAQ with a question but no answer is a 400 naming its answer', async () => {
        const id = await categoryId('tools');
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/faqs`, {
          'faq.0.question': 'Half?',
          'faq.0.answer': '',
        });
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /FAQ 1 answer: must not be empty when the question is filled in/);
      });

      test('a category holding a listing cannot be deleted, and says why', async () => {
        const id = await categoryId('gardening');
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/delete`, {});
        assert.equal(res.statusCode, 409);
        assert.match(res.body, /Not deleted: this category still holds 1 listing/);
        assert.equal(await categoryId('gardening'), id);
      });

      test('a category with a subcategory cannot be deleted', async () => {
        const slug = unique('parent');
        const id = await createCategory({ slug, name: 'Parent' });
        await createCategory({ slug: unique('child'), name: 'Child', parent: String(id) });
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/delete`, {});
        assert.equal(res.statusCode, 409);
        assert.match(res.body, /Not deleted: this category still holds 1 subcategory/);
        assert.equal(await categoryId(slug), id);
      });

      test('an empty category is deleted and leaves the API at once', async () => {
        const slug = unique('short-lived');
        const id = await createCategory({ slug, name: 'Short-lived' });
        assert.equal((await env().json(`/api/v1/categories/${slug}`)).status, 200); // cached now
        const res = await admin.submit(`/admin/categories/${id}`, `/admin/categories/${id}/delete`, {});
        assert.equal(res.statusCode, 303);
        assert.equal((await env().json(`/api/v1/categories/${slug}`)).status, 404);
      });
    });

    describe('blog posts', () => {
      const post = (fields: Record<string, string>) => ({
        slug: '',
        title: '',
        excerpt: '',
        body: '',
        author: '',
        tags: '',
        status: 'published',
        published_at: '',
        ...fields,
      });

      test('a post created here is on /blog and in GET /api/v1/blog/<slug> with its FAQs', async () => {
        const slug = unique('first-post');
        const res = await admin.submit(
          '/admin/blog/new',
          '/admin/blog',
          post({
            slug,
            title: 'Our first post',
            excerpt: 'Hello there.',
            body: 'Some **bold** words.',
            author: 'The team',
            tags: 'news, launch',
            'faq.0.question': 'Is it new?',
            'faq.0.answer': 'Brand new.',
          }),
        );
        assert.equal(res.statusCode, 303, res.body);
        assert.match((await env().get('/blog')).body, new RegExp(`<a href="/blog/${slug}">Our first post</a>`));
        const api = await env().json(`/api/v1/blog/${slug}`);
        assert.equal(api.status, 200);
        assert.deepEqual(
          [api.body.title, api.body.excerpt, api.body.author, api.body.tags, api.body.faqs],
          [
            'Our first post',
            'Hello there.',
            'The team',
            ['news', 'launch'],
            [{ question: 'Is it new?', answer: 'Brand new.' }],
          ],
        );
        assert.match((await env().get(`/blog/${slug}`)).body, /<strong>bold<\/strong>/);
      });

      test('a <script> in the Markdown stays inert text on the blog page and in the editor', async () => {
        const slug = unique('xss-post');
        const res = await admin.submit(
          '/admin/blog/new',
          '/admin/blog',
          post({
            slug,
            title: 'Careful <script>alert(1)</script>',
            body: 'Before\n\n<script>alert("x")</script>\n\n[click](javascript:alert(1))',
          }),
        );
        assert.equal(res.statusCode, 303);
        const page = await env().get(`/blog/${slug}`);
        assert.doesNotMatch(page.body, /<script>alert/);
        assert.doesNotMatch(page.body, /href="javascript:/);
        assert.match(page.body, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
        const editor = await admin.get(String(res.headers.location));
        assert.doesNotMatch(editor.body, /<script>alert/);
      });

      test('a draft stays off the public blog until it is published', async () => {
        const slug = unique('draft-post');
        const res = await admin.submit(
          '/admin/blog/new',
          '/admin/blog',
          post({ slug, title: 'Not yet', body: 'Soon.', status: 'draft' }),
        );
        assert.equal(res.statusCode, 303);
        assert.equal((await env().json(`/api/v1/blog/${slug}`)).status, 404);
        assert.doesNotMatch((await env().get('/blog')).body, new RegExp(slug));
        const edit = String(res.headers.location).split('?')[0];
        assert.match(
          (await admin.get('/admin/blog')).body,
          new RegExp(`<a href="${edit}">Not yet</a></td><td><code>${slug}</code></td><td>Draft`),
        );
        assert.equal(
          (await admin.submit(edit, edit, post({ slug, title: 'Not yet', body: 'Soon.', status: 'published' })))
            .statusCode,
          303,
        );
        assert.equal((await env().json(`/api/v1/blog/${slug}`)).body.published_at, env().clock.now.toISOString());
      });

      test('a publication date in the future schedules the post', async () => {
        const slug = unique('scheduled-post');
        const res = await admin.submit(
          '/admin/blog/new',
          '/admin/blog',
          post({ slug, title: 'Later', body: 'Later.', published_at: '2027-01-04T09:30' }),
        );
        assert.equal(res.statusCode, 303);
        assert.equal((await env().json(`/api/v1/blog/${slug}`)).status, 404);
        assert.match((await admin.get('/admin/blog')).body, /Scheduled for 2027-01-04 09:30 UTC/);
      });

      test('a bad post form comes back with 400 naming each field, what was typed kept and nothing saved', async () => {
        const slug = unique('bad-post');
        const res = await admin.submit(
          '/admin/blog/new',
          '/admin/blog',
          post({
            slug,
            title: 'T'.repeat(201),
            body: '',
            published_at: '2026-02-31T10:00',
            'faq.0.question': 'Q?',
            'faq.0.answer': 'a'.repeat(1501),
          }),
        );
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /Title: at most 200 characters \(it has 201\)/);
        assert.match(res.body, /Body: must not be empty/);
        assert.match(res.body, /Publication date: must be a date and time/);
        assert.match(res.body, /FAQ 1 answer: at most 1500 characters/);
        assert.match(res.body, new RegExp(`value="${slug}"`));
        assert.equal((await env().json(`/api/v1/blog/${slug}`)).status, 404);
      });

      test('a deleted post leaves the blog', async () => {
        const slug = unique('doomed-post');
        const res = await admin.submit('/admin/blog/new', '/admin/blog', post({ slug, title: 'Doomed', body: 'Bye.' }));
        const edit = String(res.headers.location).split('?')[0];
        assert.equal((await admin.submit(edit, `${edit}/delete`, {})).statusCode, 303);
        assert.equal((await env().json(`/api/v1/blog/${slug}`)).status, 404);
        assert.equal((await admin.get(edit)).statusCode, 404);
      });
    });

    describe('interview questions', () => {
      const questions = async () =>
        (await env().json<{ items: { id: number; question: string }[] }>('/api/v1/interview-questions')).body.items;

      test('an added question is in GET /api/v1/interview-questions, last unless given a position', async () => {
        const text = `What would you do differently? ${unique('q')}`;
        assert.equal(
          (
            await admin.submit('/admin/interview-questions', '/admin/interview-questions', {
              question: text,
              position: '',
            })
          ).statusCode,
          303,
        );
        assert.equal((await questions()).at(-1)?.question, text);
      });

      test('rewording and repositioning a question show in the API order', async () => {
        const id = (await questions()).at(-1)!.id;
        const res = await admin.submit('/admin/interview-questions', `/admin/interview-questions/${id}`, {
          question: 'First of all: who are you?',
          position: '0',
        });
        assert.equal(res.statusCode, 303);
        const items = await questions();
        assert.deepEqual(
          items.find((q) => q.id === id),
          { id, question: 'First of all: who are you?' },
        );
        assert.ok(items.findIndex((q) => q.id === id) < items.findIndex((q) => q.question === 'Why did you start?'));
      });

      test('a retired question leaves the API while its answers stay, and comes back restored', async () => {
        const id = (
          await env().ctx.db.query<{ id: number }>(
            `INSERT INTO interview_questions (site_id, question, position) VALUES ($1, 'Soon retired?', 50) RETURNING id`,
            [env().ctx.site.id],
          )
        )[0].id;
        await env().ctx.db.query(
          `INSERT INTO interview_answers (user_id, question_id, answer) VALUES ($1, $2, 'Kept answer.')`,
          [adminId, id],
        );
        assert.equal(
          (await admin.submit('/admin/interview-questions', `/admin/interview-questions/${id}/retire`, {})).statusCode,
          303,
        );
        assert.ok(!(await questions()).some((q) => q.id === id));
        const answers = await env().ctx.db.query('SELECT answer FROM interview_answers WHERE question_id = $1', [id]);
        assert.deepEqual(answers, [{ answer: 'Kept answer.' }]);
        assert.match(
          (await admin.get('/admin/interview-questions')).body,
          /Soon retired\? <span class="small muted">\(1 answer kept\)/,
        );
        assert.equal(
          (await admin.submit('/admin/interview-questions', `/admin/interview-questions/${id}/restore`, {})).statusCode,
          303,
        );
        assert.ok((await questions()).some((q) => q.id === id));
      });

      test('an empty or too long question is a 400 naming the field, with what was typed kept', async () => {
        const empty = await admin.submit('/admin/interview-questions', '/admin/interview-questions', {
          question: '  ',
          position: '',
        });
        assert.equal(empty.statusCode, 400);
        assert.match(empty.body, /Question: must not be empty/);
        const long = await admin.submit('/admin/interview-questions', '/admin/interview-questions', {
          question: 'q'.repeat(301),
          position: '-2',
        });
        assert.equal(long.statusCode, 400);
        assert.match(long.body, /Question: at most 300 characters \(it has 301\)/);
        assert.match(long.body, /Position: must be a whole number/);
        assert.match(long.body, new RegExp(`>${'q'.repeat(301)}</textarea>`));
      });
    });
  },
  { seed, env: { READ_CACHE_SECONDS: '60' } },
);
