import type { Queryable } from '../../db/client.js';
import { PROFILE_FIELDS } from '../../drafting/draft-content.js';
import { pageList, type DraftRecord, type Sourced } from './draft-repository.js';

const plain = (m: Record<string, Sourced>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.value]));
const quotes = (m: Record<string, Sourced>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.evidence]));

/** What the founder should do next with a draft, in words an agent can follow too. */
function nextSteps(d: DraftRecord, existing: { slug: string } | null): string[] {
  if (d.status !== 'ready') return ['Poll get_draft every few seconds until status is ready (usually a few seconds).'];
  const steps: string[] = [];
  if (existing)
    steps.push(
      `This domain is already listed as "${existing.slug}": claim it with claim_listing (slug ` +
        `"${existing.slug}") instead of submitting a duplicate.`,
    );
  if (d.missing.length) steps.push(`Fill what the website did not state with update_draft: ${d.missing.join(', ')}.`);
  steps.push(
    d.listing_id
      ? 'Already saved as your listing; edits with update_draft update it. Publish with choose_free_listing or ' +
          'an order.'
      : 'Save it as your listing with submit_draft, then publish for free (choose_free_listing) or through an order.',
  );
  return steps;
}

/** The draft as get_draft returns it: every field with value, state and evidence; the sources read. */
export async function draftView(db: Queryable, d: DraftRecord) {
  const [pages, existingRows] = await Promise.all([
    pageList(db, d.id),
    // Only a public listing is named: an unpublished one is someone else's work in progress.
    d.existing_listing_id
      ? db.query<{ slug: string }>(`SELECT slug FROM listings WHERE id = $1 AND status IN ('live', 'scheduled')`, [
          d.existing_listing_id,
        ])
      : Promise.resolve([]),
  ]);
  const existing = existingRows[0] ?? null;
  return {
    id: d.id,
    status: d.status,
    url: d.url,
    domain: d.domain,
    progress: d.progress,
    notice: d.notice,
    language: d.language,
    completeness: d.completeness,
    missing: d.missing,
    fields: Object.fromEntries(
      PROFILE_FIELDS.map((f) => {
        const r = d.fields[f];
        return [f, { value: r.value, state: r.state, evidence: r.evidence, ai_value: r.ai_value }];
      }),
    ),
    faqs: d.faqs,
    founders: d.founders,
    company_socials: plain(d.company_socials),
    founder_socials: plain(d.founder_socials),
    story: plain(d.story),
    milestones: d.milestones,
    seo: { ...(d.seo.title ? { title: d.seo.title.value } : {}), ...(d.seo.meta ? { meta: d.seo.meta.value } : {}) },
    evidence: {
      company_socials: quotes(d.company_socials),
      founder_socials: quotes(d.founder_socials),
      story: quotes(d.story),
      seo: quotes(d.seo as Record<string, Sourced>),
    },
    edited_parts: d.edited_parts,
    competitor_url: d.competitor_url,
    competitor: d.competitor,
    existing_listing: existing
      ? {
          slug: existing.slug,
          claim_with: 'claim_listing',
          message: `A listing for ${d.domain} already exists; if it is yours, claim it with claim_listing.`,
        }
      : null,
    listing_id: d.listing_id,
    submitted_at: d.submitted_at,
    pages,
    next_steps: nextSteps(d, existing),
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}
export type DraftView = Awaited<ReturnType<typeof draftView>>;
