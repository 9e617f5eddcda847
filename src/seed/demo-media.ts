import crypto from 'node:crypto';
import type { Queryable } from '../db/client.js';
import { insertMedia, storeImage } from '../domain/media/media-repository.js';
import { videoLink } from '../domain/media/video-links.js';
import { type ScreenshotMaster, toScreenshotMaster } from '../images/screenshot-image.js';
import { demoScreenshots } from './demo-screenshots.js';
import type { DemoData, DemoListing } from './demo-types.js';

/** How many demo listings get screenshots: the most voted live ones whose media section is unlocked. */
const WITH_SCREENSHOTS = 4;

interface DemoShot {
  slug: string;
  caption: string;
  master: ScreenshotMaster & { hash: string };
}

// The same demo data always draws the same pictures: made once per process, however many databases are seeded.
const made = new Map<string, Promise<DemoShot[]>>();

const showsMedia = (l: DemoListing) => l.unlockedSections.includes('media');

/**
 * The demo screenshots, drawn and put through the same decoding as an upload (sharp: upright,
 * no metadata, WebP master). Started before the seed's transaction: it is CPU work, off the main thread.
 */
export function demoScreenshotMasters(data: DemoData): Promise<DemoShot[]> {
  const chosen = data.listings
    .filter((l) => l.status === 'live' && showsMedia(l))
    .sort((a, b) => b.votes - a.votes || a.slug.localeCompare(b.slug))
    .slice(0, WITH_SCREENSHOTS);
  const key = chosen.map((l) => l.slug).join(',');
  let shots = made.get(key);
  if (!shots) {
    shots = Promise.all(
      chosen.map(async (l) =>
        Promise.all(
          (await demoScreenshots(l)).map(async ({ png, caption }) => {
            const master = await toScreenshotMaster(png);
            const hash = crypto.createHash('sha256').update(master.bytes).digest('hex');
            return { slug: l.slug, caption, master: { ...master, hash } };
          }),
        ),
      ),
    ).then((lists) => lists.flat());
    made.set(key, shots);
  }
  return shots;
}

/** The demo media: those screenshots, and the demo video of every listing whose media section is unlocked. */
export async function insertDemoMedia(tx: Queryable, siteId: number, data: DemoData, shots: DemoShot[]) {
  const ids = new Map(
    (await tx.query<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE site_id = $1', [siteId])).map(
      (r) => [r.slug, r.id],
    ),
  );
  const places = new Map<string, number>();
  for (const s of shots) {
    const listingId = ids.get(s.slug);
    if (listingId === undefined) continue;
    const position = (places.get(s.slug) ?? 0) + 1;
    places.set(s.slug, position);
    await storeImage(tx, s.master);
    await insertMedia(tx, {
      listingId,
      kind: 'image',
      url: '',
      caption: s.caption,
      position,
      imageHash: s.master.hash,
    });
  }
  for (const l of data.listings) {
    const listingId = ids.get(l.slug);
    if (listingId === undefined || !showsMedia(l) || !l.demoVideoUrl || !videoLink(l.demoVideoUrl)) continue;
    await insertMedia(tx, {
      listingId,
      kind: 'video',
      url: l.demoVideoUrl,
      caption: `${l.name} in two minutes`,
      position: 0,
      imageHash: null,
    });
  }
}
