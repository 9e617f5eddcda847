import type { FieldError } from '../../api/errors.js';
import type { ProfileField } from '../../drafting/draft-content.js';

/** Hosts whose links are videos (demo_video_url must be one, SPEC §2.2). */
export const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'vimeo.com', 'loom.com', 'wistia.com', 'wistia.net', 'dailymotion.com', 'vidyard.com', 'tiktok.com'];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Whether a two-letter code is an ISO 3166-1 region Intl knows (unknown codes echo back). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = regionNames.of(code);
  return !!name && name !== code && name !== 'Unknown Region';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isHttpUrl = (s: string) => { try { const u = new URL(s); return u.protocol === 'https:' || u.protocol === 'http:'; } catch { return false; } };
const hostMatches = (s: string, hosts: string[]) => { try { const h = new URL(s).hostname.replace(/^www\./, ''); return hosts.some((v) => h === v || h.endsWith(`.${v}`)); } catch { return false; } };

/**
 * Checks the typed profile values beyond their lengths (which the schema enforces) and returns them
 * normalised: trimmed, country upper-cased, categories spelled as in list_categories. An empty
 * string counts as removing the field, like null.
 */
export function checkTypedFields(fields: Partial<Record<ProfileField, unknown>>, categoryNames: string[]): { values: Partial<Record<ProfileField, unknown>>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Partial<Record<ProfileField, unknown>> = {};
  const fail = (path: string, message: string) => errors.push({ path: `fields.${path}`, message });
  for (const [name, raw] of Object.entries(fields) as [ProfileField, unknown][]) {
    if (raw === null) { values[name] = null; continue; }
    if (Array.isArray(raw)) {
      const items = raw.map((s) => String(s).trim()).filter(Boolean);
      if (name === 'categories') {
        const canonical: string[] = [];
        items.forEach((item, i) => {
          const hit = categoryNames.find((c) => c.toLowerCase() === item.toLowerCase());
          if (!hit) fail(`categories[${i}]`, `"${item}" is not a category; use a name from list_categories`);
          else if (!canonical.includes(hit)) canonical.push(hit);
        });
        values[name] = canonical.length ? canonical : null;
      } else {
        values[name] = items.length ? [...new Set(items)] : null;
      }
      continue;
    }
    const s = String(raw).trim();
    if (s === '') { values[name] = null; continue; }
    switch (name) {
      case 'country': {
        const code = s.toUpperCase();
        if (!isCountryCode(code)) fail(name, 'must be an ISO 3166-1 alpha-2 country code, e.g. PT or US');
        values[name] = code;
        break;
      }
      case 'founded_year':
        if (!/^\d{4}$/.test(s) || Number(s) < 1800 || Number(s) > 2100) fail(name, 'must be a year from 1800 to 2100, e.g. "2021"');
        values[name] = s;
        break;
      case 'contact_email':
        if (!EMAIL.test(s)) fail(name, 'must be an email address');
        values[name] = s;
        break;
      case 'demo_video_url':
        if (!isHttpUrl(s) || !hostMatches(s, VIDEO_HOSTS)) fail(name, `must be a link on a video site (${VIDEO_HOSTS.slice(0, 5).join(', ')}…)`);
        values[name] = s;
        break;
      case 'logo_url':
        if (!isHttpUrl(s)) fail(name, 'must be an http(s) URL of an image');
        values[name] = s;
        break;
      default:
        values[name] = s;
    }
  }
  return { values, errors };
}

/** Social links must be web addresses; returns errors with paths like `company_socials.x`. */
export function checkSocialLinks(path: string, socials: Record<string, string | undefined>): FieldError[] {
  return Object.entries(socials)
    .filter(([, link]) => link !== undefined && link !== '' && !isHttpUrl(link))
    .map(([key]) => ({ path: `${path}.${key}`, message: 'must be an http(s) link' }));
}
