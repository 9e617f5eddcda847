import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientPrefix, isBot, RepeatFilter } from '../../../src/domain/analytics/visitor-filter.js';
import { referrerHost } from '../../../src/domain/analytics/referrer-host.js';

test("browsers' User-Agents are visitors", () => {
  for (const ua of [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  ])
    assert.equal(isBot(ua), false, ua);
});

test('crawlers, preview fetchers, HTTP libraries and a missing User-Agent are bots', () => {
  for (const ua of [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    'curl/8.5.0',
    'python-requests/2.32.3',
    'Go-http-client/1.1',
    'node-fetch/1.0',
    'WhatsApp/2.23.20.0',
    '',
    undefined,
  ])
    assert.equal(isBot(ua), true, String(ua));
});

test('a visitor is an IPv4 address, or the /64 of an IPv6 address', () => {
  assert.equal(clientPrefix('203.0.113.7'), '203.0.113.7');
  assert.equal(clientPrefix('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(clientPrefix('2001:db8:1:2::5'), '2001:db8:1:2');
  assert.equal(clientPrefix('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2');
  assert.equal(clientPrefix('2001:db8::1'), '2001:db8:0:0');
  assert.equal(clientPrefix('::1'), '0:0:0:0');
});

test('a key counts once per window, and again once the window has passed', () => {
  const f = new RepeatFilter(1_000);
  assert.equal(f.firstIn('a', 0), true);
  assert.equal(f.firstIn('a', 500), false);
  assert.equal(f.firstIn('b', 500), true);
  assert.equal(f.firstIn('a', 999), false);
  assert.equal(f.firstIn('a', 1_000), true, 'a window after the first count');
  assert.equal(f.firstIn('b', 1_200), false, 'seen 700 ms ago, in the window before the turn');
  assert.equal(f.firstIn('b', 1_500), true);
  assert.equal(f.firstIn('a', 5_000), true, 'long after: both maps have gone');
});

test('a flood of new visitors turns the maps early instead of growing them without end', () => {
  const f = new RepeatFilter(60_000, 2);
  assert.equal(f.firstIn('a', 0), true);
  assert.equal(f.firstIn('b', 1), true);
  assert.equal(f.firstIn('c', 2), true, 'the third key turns the maps');
  assert.equal(f.firstIn('a', 3), false, 'the turned-out map is still asked');
  assert.equal(f.firstIn('d', 4), true);
  assert.equal(f.firstIn('e', 5), true, 'turns again: a and b are forgotten');
  assert.equal(f.firstIn('a', 6), true);
});

test('referrers are hosts only, without www, and never our own', () => {
  const own = 'launchdeck.test';
  assert.equal(referrerHost('https://news.example.com/item?id=1', own), 'news.example.com');
  assert.equal(referrerHost('https://WWW.Example.org:8443/a#b', own), 'example.org');
  assert.equal(referrerHost('https://user:secret@example.net/', own), 'example.net');
  assert.equal(referrerHost('http://launchdeck.test/launches', own), null);
  assert.equal(referrerHost('https://www.launchdeck.test/', own), null);
  assert.equal(referrerHost('android-app://com.google.android.gm/', own), null);
  assert.equal(referrerHost('https://<script>/', own), null);
  assert.equal(referrerHost(undefined, own), null);
});
