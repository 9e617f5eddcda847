import { sha256 } from '../../crypto/sha256.js';

/** The key of a remote image in listing_images: the SHA-256 (hex) of its URL. */
export const imageUrlHash = (url: string) => sha256(url);

/** The version part of a logo's address: changes whenever the listing's logo URL does. */
export const logoVersion = (url: string) => imageUrlHash(url).slice(0, 16);

/**
 * Where a listing's logo is served from our origin (null: it has none, show the monogram). The
 * address names the listing and a hash of its logo URL, so a new logo gets a new address and the
 * old one can be cached for a year.
 */
export function logoPath(l: { id: number; logo_url: string | null }): string | null {
  return l.logo_url ? `/images/logos/${l.id}.webp?v=${logoVersion(l.logo_url)}` : null;
}

/** Where a founder's avatar is served from our origin (null: none, show the monogram); versioned like a logo. */
export function avatarPath(f: { slug: string; avatar_url: string | null }): string | null {
  return f.avatar_url ? `/images/avatars/${f.slug}.webp?v=${logoVersion(f.avatar_url)}` : null;
}

/** The share image (1200×630 PNG) of a listing page and of a launch week page. */
export const listingSharePath = (slug: string) => `/images/share/listings/${slug}.png`;
export const weekSharePath = (week: string) => `/images/share/weeks/${week}.png`;
