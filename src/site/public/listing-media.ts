import { html, type SafeHtml } from '../html.js';
import { MEDIA_SCRIPT_PATH } from '../assets.js';
import type { MediaItem } from '../../domain/media/media-item.js';
import { imageSourcesOf, type ImageSources } from '../../domain/media/media-addresses.js';
import { videoLink } from '../../domain/media/video-links.js';

/** How wide a screenshot is drawn (CSS px), for the browser to pick a file from srcset before layout. */
const FIRST_SIZES = '(max-width: 820px) 92vw, 700px';
const OTHER_SIZES = '(max-width: 560px) 92vw, (max-width: 820px) 45vw, 340px';

/** A screenshot as <picture>: AVIF where the browser reads it, else WebP; its size set, so nothing shifts as it loads. */
export function screenshotPicture(
  src: ImageSources,
  m: { width: number; height: number },
  alt: string,
  sizes: string,
  loading: 'lazy' | 'eager' = 'lazy',
): SafeHtml {
  return html`<picture><source type="image/avif" srcset="${src.srcset.avif}" sizes="${sizes}"><img src="${src.full}" srcset="${src.srcset.webp}" sizes="${sizes}" width="${m.width}" height="${m.height}" alt="${alt}" loading="${loading}" decoding="async"></picture>`;
}

interface Shot {
  item: MediaItem;
  src: ImageSources;
  width: number;
  height: number;
}

function shotsOf(media: MediaItem[]): Shot[] {
  return media.flatMap((item) => {
    const src = item.kind === 'image' && item.width && item.height ? imageSourcesOf(item.url, item.width) : null;
    return src ? [{ item, src, width: item.width!, height: item.height! }] : [];
  });
}

/**
 * The demo video as a poster: a link to the video on its own site (what it is without JavaScript);
 * /assets/media-*.js swaps it for the privacy-enhanced player when pressed. Nothing is loaded from
 * the video's site before that; the backdrop is the listing's first screenshot, from our origin.
 */
function videoPoster(video: MediaItem, name: string, backdrop: Shot | undefined): SafeHtml {
  const link = videoLink(video.url);
  if (!link || !video.embed_url) return html``;
  return html`<figure class="video-figure">
    <a class="video-poster" href="${video.url}" rel="nofollow noopener" data-embed="${video.embed_url}" data-title="Demo video of ${name}">
      <span class="poster-art">${backdrop ? screenshotPicture(backdrop.src, backdrop, '', FIRST_SIZES) : ''}<span class="play" aria-hidden="true"></span></span>
      <span class="video-label"><strong>Play the demo video</strong>
        <span class="video-note">On ${link.provider}. Nothing loads from ${link.provider} until you press play.</span></span>
    </a>
    ${video.caption ? html`<figcaption>${video.caption}</figcaption>` : ''}
  </figure>`;
}

/**
 * The listing's media section (paid, shown once unlocked): the demo video's poster, then the
 * screenshots (the first one wide, unless the poster leads). Each screenshot links to its full size (the fallback without JavaScript); the
 * script opens it in a dialog instead, with arrow keys between screenshots and Escape to close.
 */
export function mediaSection(media: MediaItem[] | undefined, name: string): SafeHtml {
  if (!media?.length) return html``;
  const shots = shotsOf(media);
  const video = media.find((m) => m.kind === 'video');
  const poster = video ? videoPoster(video, name, shots[0]) : html``;
  if (!shots.length && !video) return html``;
  const heading = shots.length && video ? 'Screenshots and demo' : shots.length ? 'Screenshots' : 'Demo video';
  return html`<section aria-labelledby="media-h" class="media-section"><h2 id="media-h">${heading}</h2>
    ${poster}
    ${
      shots.length
        ? html`<ul class="gallery${video ? ' after-video' : ''}">${shots.map(
            (s, i) => html`<li><figure>
        <a class="shot" href="${s.src.full}" data-shot="${i}">${screenshotPicture(s.src, s, s.item.caption || `Screenshot ${i + 1} of ${name}`, i === 0 && !video ? FIRST_SIZES : OTHER_SIZES)}</a>
        ${s.item.caption ? html`<figcaption>${s.item.caption}</figcaption>` : ''}</figure></li>`,
          )}</ul>`
        : ''
    }
    <script src="${MEDIA_SCRIPT_PATH}" defer></script></section>`;
}
