import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { LOGO_SIZE, NotAnImageError, logoAsPng, toLogoWebp } from '../../src/images/logo-image.js';
import { HOSTILE_SVG, pngOf } from '../support/fake-images.js';

test('PNG, JPEG, GIF and WebP logos become a 256 px WebP square, the image centred on transparency', async () => {
  for (const input of [
    await pngOf(600, 300),
    await sharp({ create: { width: 90, height: 120, channels: 3, background: '#a84300' } })
      .jpeg()
      .toBuffer(),
    await sharp({ create: { width: 16, height: 16, channels: 4, background: '#00756a' } })
      .gif()
      .toBuffer(),
    await sharp({ create: { width: 512, height: 512, channels: 4, background: '#3f51b5' } })
      .webp()
      .toBuffer(),
  ]) {
    const out = await toLogoWebp(input);
    const meta = await sharp(out.bytes).metadata();
    assert.deepEqual(
      [meta.format, meta.width, meta.height, out.contentType],
      ['webp', LOGO_SIZE, LOGO_SIZE, 'image/webp'],
    );
  }
  // A wide logo keeps its shape: transparent above and below.
  const wide = await sharp((await toLogoWebp(await pngOf(600, 300))).bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  assert.equal(wide.data[3], 0, 'the top-left corner is transparent');
});

test('an SVG logo is rasterised sharp at full size; its script and links are gone', async () => {
  const out = await toLogoWebp(Buffer.from(HOSTILE_SVG));
  const meta = await sharp(out.bytes).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['webp', LOGO_SIZE, LOGO_SIZE]);
  assert.ok(!out.bytes.includes('script'));
});

test('what is not an image is refused: text, HTML, an SVG with entities, a decompression bomb', async () => {
  const refused = [
    Buffer.from('just some text'),
    Buffer.from('<!doctype html><html><body><svg></svg></body></html>'),
    Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    ),
    // 8,000 × 8,000 pixels of one colour compress to a small PNG, and decode to 64 million.
    await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  ];
  for (const bytes of refused) await assert.rejects(toLogoWebp(bytes), NotAnImageError);
});

test('a stored logo can be read back as PNG for the share images', async () => {
  const png = await logoAsPng((await toLogoWebp(await pngOf(64, 64))).bytes, 152);
  const meta = await sharp(png).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 152, 152]);
});
