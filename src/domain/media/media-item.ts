import { mediaPath } from './media-addresses.js';
import type { MediaRow } from './media-repository.js';
import { videoLink } from './video-links.js';

/** A screenshot or the demo video as get_listing and the media operations show it. */
export interface MediaItem {
  id: number;
  kind: 'image' | 'video';
  caption: string;
  /** A screenshot's full size (WebP) on our origin; the video's link as its owners gave it. */
  url: string;
  width: number | null;
  height: number | null;
  /** The video's privacy-enhanced player, to be loaded only when the visitor asks. */
  embed_url: string | null;
}

export function toMediaItem(r: MediaRow, publicUrl: string): MediaItem {
  const image = r.kind === 'image' && r.image_hash !== null && r.width !== null;
  return {
    id: r.id,
    kind: r.kind,
    caption: r.caption,
    url: image ? `${publicUrl}${mediaPath(r.image_hash!, r.width!, 'webp')}` : r.url,
    width: image ? r.width : null,
    height: image ? r.height : null,
    embed_url: r.kind === 'video' ? (videoLink(r.url)?.embedUrl ?? null) : null,
  };
}
