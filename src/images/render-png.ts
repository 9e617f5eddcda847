import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/**
 * The fonts every generated image is drawn with, loaded from the `dejavu-fonts-ttf` package
 * (free licence) rather than the system: a fresh server may have no fonts at all, and the same
 * text must look the same everywhere.
 */
export const FONT_FAMILY = 'DejaVu Sans';
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));

/**
 * Renders one of our SVG templates to PNG with resvg, off the main thread (libuv's pool). The
 * templates embed every image as a data: URI; resvg fetches nothing from the network or the disk.
 */
export async function renderPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: FONT_FILES,
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
    },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  });
  return image.asPng();
}
