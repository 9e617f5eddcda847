import type { FieldError } from '../../errors/app-error.js';
import type { ProfileField } from '../../drafting/draft-content.js';
import { countryFromCode } from '../../drafting/extract/countries.js';
import { httpUrl, onHost, VIDEO_HOSTS } from '../../drafting/web-links.js';
import { EMAIL_PATTERN } from '../accounts/user-repository.js';
import type { FieldValue } from './field-states.js';

export { VIDEO_HOSTS };

/** Whether a two-letter code is a current ISO 3166-1 country code (not EU, UN or a deprecated code). */
export const isCountryCode = (code: string) => countryFromCode(code) === code;

const isHttpUrl = (s: string) => httpUrl(s) !== null;

/**
 * Checks the typed profile values beyond their lengths (which the schema enforces) and returns them
 * normalised: trimmed, country upper-cased, categories spelled as in list_categories. An empty
 * string counts as removing the field, like null.
 */
export function checkTypedFields(
  fields: Partial<Record<ProfileField, unknown>>,
  categoryNames: string[],
): { values: Partial<Record<ProfileField, FieldValue>>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Partial<Record<ProfileField, FieldValue>> = {};
  const fail = (path: string, message: string) => errors.push({ path: `fields.${path}`, message });
  for (const [name, raw] of Object.entries(fields) as [ProfileField, unknown][]) {
    if (raw === null) {
      values[name] = null;
      continue;
    }
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
    if (s === '') {
      values[name] = null;
      continue;
    }
    switch (name) {
      case 'country': {
        const code = s.toUpperCase();
        if (!isCountryCode(code)) fail(name, 'must be an ISO 3166-1 alpha-2 country code, e.g. PT or US');
        values[name] = code;
        break;
      }
      case 'founded_year':
        if (!/^\d{4}$/.test(s) || Number(s) < 1800 || Number(s) > 2100)
          fail(name, 'must be a year from 1800 to 2100, e.g. "2021"');
        values[name] = s;
        break;
      case 'contact_email':
        if (!EMAIL_PATTERN.test(s)) fail(name, 'must be an email address');
        values[name] = s;
        break;
      case 'demo_video_url': {
        const url = httpUrl(s);
        if (!url || !onHost(url, VIDEO_HOSTS))
          fail(name, `must be a link on a video site (${VIDEO_HOSTS.slice(0, 5).join(', ')}…)`);
        values[name] = s;
        break;
      }
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
