import { html, type SafeHtml } from '../html.js';
import { normalizeWhitespace, type Evidence, type EvidenceSource } from '../../drafting/evidence.js';
import type { DraftRecord, Sourced } from '../../domain/drafts/draft-repository.js';
import type { DraftPageText } from '../../domain/drafts/draft-page-text.js';
import { FIELD_LABELS, isProfileField } from './draft-edit-form.js';

const own = <T>(m: Record<string, T>, k: string): T | undefined => (Object.hasOwn(m, k) ? m[k] : undefined);

/**
 * The quotes behind one part of a draft, named as the editor links them: a profile field
 * (`tagline`), a list item (`faqs.0`, `founders.1`, `milestones.2`) or a keyed value
 * (`company_socials.x`, `founder_socials.linkedin`, `story.problem`, `seo.title`).
 */
export function evidenceFor(d: DraftRecord, key: string): { label: string; evidence: Evidence[] } | null {
  if (isProfileField(key)) return { label: FIELD_LABELS[key], evidence: d.fields[key].evidence ?? [] };
  const m = /^([a-z_]+)\.([a-z0-9_]+)$/.exec(key);
  if (!m) return null;
  const [, part, sub] = m;
  const item = (list: { evidence: Evidence[] }[], label: string) => {
    if (!/^\d+$/.test(sub)) return null;
    const it = list[Number(sub)];
    return it ? { label: `${label} ${Number(sub) + 1}`, evidence: it.evidence ?? [] } : null;
  };
  const keyed = (map: Record<string, Sourced | undefined>, label: string) => {
    const s = own(map, sub);
    return s ? { label: `${label}: ${sub}`, evidence: s.evidence ?? [] } : null;
  };
  switch (part) {
    case 'faqs':
      return item(d.faqs, 'FAQ');
    case 'founders':
      return item(d.founders, 'Founder');
    case 'milestones':
      return item(d.milestones, 'Milestone');
    case 'company_socials':
      return keyed(d.company_socials, 'Company social link');
    case 'founder_socials':
      return keyed(d.founder_socials, 'Founder social link');
    case 'story':
      return keyed(d.story, 'Story');
    case 'seo':
      return keyed(d.seo as Record<string, Sourced | undefined>, 'SEO');
    default:
      return null;
  }
}

export const SOURCE_WORDS: Record<EvidenceSource, string> = {
  text: 'the page text',
  head: "the page's head (title, meta tags, structured data)",
  links: "the page's link addresses",
};

/** Where the quote stands in the stored text: its recorded positions, or failing those, a search for it. */
function locate(text: string, e: Evidence): { start: number; end: number } | null {
  const { start, end } = e;
  if (
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    end > start &&
    end <= text.length &&
    normalizeWhitespace(text.slice(start, end)) === normalizeWhitespace(e.quote)
  )
    return { start, end };
  const at = text.indexOf(e.quote);
  return at >= 0 ? { start: at, end: at + e.quote.length } : null;
}

/** A page's stored text with the quote marked, for a founder checking where a value came from. */
export function highlightView(o: {
  draftId: string;
  label: string;
  index: number;
  evidence: Evidence;
  page: DraftPageText | null;
}): SafeHtml {
  const e = o.evidence;
  const back = html`<p><a href="/drafts/${o.draftId}">Back to the draft</a></p>`;
  const head = html`<h1>Where “${o.label}” comes from</h1>
    <p>Quote ${o.index + 1}: <q>${e.quote}</q></p>
    <p class="muted">From ${SOURCE_WORDS[e.source ?? 'text'] ?? SOURCE_WORDS.text} of ${/^https?:\/\//i.test(e.url) ? html`<a href="${e.url}" rel="nofollow noopener noreferrer">${e.url}</a>` : e.url}${o.page?.title ? html` (“${o.page.title}”)` : ''}, as we read it.</p>`;
  if (!o.page)
    return html`${head}<p class="error">That page is no longer among the pages read for this draft.</p>${back}`;
  const at = locate(o.page.text, e);
  if (!at)
    return html`${head}<p class="error">The quote could not be found in the stored text of the page any more.</p><pre class="page-text">${o.page.text}</pre>${back}`;
  return html`${head}${back}
    <p><a href="#quote">Jump to the quote</a></p>
    <pre class="page-text">${o.page.text.slice(0, at.start)}<mark id="quote">${o.page.text.slice(at.start, at.end)}</mark>${o.page.text.slice(at.end)}</pre>
    ${back}`;
}
