import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { addListing, finishFixtures } from '../support/fixtures.js';

describeEachDatabase(
  'search_listings in any script',
  (env) => {
    const search = async (q: string) => {
      const { status, body } = await env().json(`/api/v1/listings?q=${encodeURIComponent(q)}`);
      assert.equal(status, 200);
      return body as { items: { slug: string }[]; total: number; corrected?: Record<string, string[]> };
    };
    const slugs = async (q: string) => (await search(q)).items.map((i) => i.slug);

    test('a Japanese listing is found by the words of its name, written without spaces', async () => {
      assert.deepEqual(await slugs('画面共有アプリ'), ['gamen']);
      assert.deepEqual(await slugs('画面共有'), ['gamen']);
      assert.deepEqual(await slugs('共有'), ['gamen']);
      assert.deepEqual(await slugs('アプリ'), ['gamen']);
    });

    test('a Chinese listing is found by a word of its name, and by words typed together without its particles', async () => {
      assert.deepEqual(await slugs('笔记'), ['biji']);
      assert.deepEqual(await slugs('开源笔记应用'), ['biji']);
    });

    test('a Korean listing is found by a stem, whatever particle or word follows it', async () => {
      assert.deepEqual(await slugs('메모'), ['memo-app']);
      assert.deepEqual(await slugs('메모앱'), ['memo-app']);
      assert.deepEqual(await slugs('메모를'), ['memo-app']);
    });

    test('a query in an unspaced script finds nothing when no listing has its words, rather than every listing', async () => {
      assert.equal((await search('사진')).total, 0);
      assert.equal((await search('動画編集')).total, 0);
      assert.ok(!(await slugs('笔记')).includes('gamen'), 'Chinese words do not find the Japanese listing');
      assert.ok(!(await slugs('画面共有')).includes('biji'), 'Japanese words do not find the Chinese listing');
    });

    test('a query mixing scripts finds the listings with all its words, else those with any', async () => {
      assert.deepEqual(await slugs('Deskreen 画面共有'), ['gamen']);
      assert.deepEqual((await slugs('ledger 画面共有')).sort(), ['cafe-ledger', 'gamen']);
    });

    test('half-width katakana finds the full-width words, and a name is found by its own characters', async () => {
      assert.deepEqual(await slugs('ｱﾌﾟﾘ'), ['gamen']);
      assert.deepEqual(await slugs('猫'), ['kuroneko']);
    });

    test('a Cyrillic word is found whatever its case, and a one-letter typo in it is corrected', async () => {
      assert.deepEqual(await slugs('ЗАМЕТКИ'), ['zametki']);
      assert.deepEqual(await slugs('заметки'), ['zametki']);
      const typo = await search('заметкм');
      assert.deepEqual(
        typo.items.map((i) => i.slug),
        ['zametki'],
      );
      assert.deepEqual(typo.corrected, { заметкм: ['заметки'] });
    });

    test('Latin words keep their typo tolerance, completions and accent folding beside the other scripts', async () => {
      const typo = await search('ledegr');
      assert.deepEqual(
        typo.items.map((i) => i.slug),
        ['cafe-ledger'],
      );
      assert.deepEqual(typo.corrected, { ledegr: ['ledger'] });
      assert.deepEqual(await slugs('espres'), ['cafe-ledger']);
      assert.deepEqual(await slugs('CAFÉ'), ['cafe-ledger']);
    });
  },
  {
    seed: async (ctx) => {
      const s = ctx.site.id;
      await addListing(ctx.db, s, {
        slug: 'gamen',
        name: '画面共有アプリ',
        tagline: 'Deskreenは、パソコンの画面をブラウザに映します。',
        description: '無料で、アカウントなしで使えます。',
      });
      await addListing(ctx.db, s, {
        slug: 'biji',
        name: '开源的笔记应用',
        tagline: '为团队写作',
        description: '数据安全是我们的首要问题。',
      });
      await addListing(ctx.db, s, {
        slug: 'memo-app',
        name: '메모앱',
        tagline: '어디서나 메모를 쓰세요',
        description: '계정 없이 무료로 시작할 수 있습니다.',
      });
      await addListing(ctx.db, s, { slug: 'kuroneko', name: '黒猫', tagline: '配達', description: '速い。' });
      await addListing(ctx.db, s, {
        slug: 'zametki',
        name: 'Заметки',
        tagline: 'Простые заметки для команды',
        description: 'Пишите вместе.',
      });
      await addListing(ctx.db, s, {
        slug: 'cafe-ledger',
        name: 'Café Ledger',
        tagline: 'Bookkeeping for coffee shops',
        description: 'Track espresso sales.',
      });
      await finishFixtures(ctx);
    },
  },
);
