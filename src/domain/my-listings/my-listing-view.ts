import { unlockedSections, type PaidSection } from '../listings/listing-profile.js';

/** What a listing row and its summary share. */
interface MyListingBase {
  slug: string;
  name: string;
  tagline: string;
  role: 'owner' | 'cofounder';
  status: string;
  plan: string | null;
  launch_week: string | null;
  created_at: string;
  updated_at: string;
}

/** One of the caller's listings as list_my_listings shows it. */
export interface MyListingSummary extends MyListingBase {
  listing_id: number;
  unlocked_sections: PaidSection[];
  next_step: string | null;
  /** The public page, once the listing is live or scheduled (before that nobody else can see it). */
  page_url: string | null;
}

/** A listing as the repository reads it. */
export interface MyListingRow extends MyListingBase {
  id: number;
  site_id: number;
  company_id: number;
  launched_at: string | null;
  /** Why the free queue sent the listing back to draft, when it did. */
  free_queue_exit_reason?: string | null;
  unlocked_sections: string[];
}

const PUBLIC_STATUSES = ['live', 'scheduled'];
export const isPublicStatus = (status: string) => PUBLIC_STATUSES.includes(status);

/**
 * What the owner does next, in plain words. Listing statuses may be added later, so an
 * unknown status has no advice rather than a wrong one.
 */
export function nextStep(l: {
  status: string;
  launch_week: string | null;
  launched_at: string | null;
  free_queue_exit_reason?: string | null;
}): string | null {
  switch (l.status) {
    case 'draft':
      return l.free_queue_exit_reason
        ? `${l.free_queue_exit_reason} Publish again: choose_free_listing or an order`
        : 'Publish: choose_free_listing or an order';
    case 'awaiting_badge':
      return (
        `Put the badge on your ` +
        `homepage${l.launch_week ? `; once it is found you launch in the week of ${l.launch_week}` : ''}`
      );
    case 'scheduled':
      return l.launch_week ? `Launches on ${l.launch_week}` : 'Scheduled to launch';
    case 'live': {
      const since = l.launched_at?.slice(0, 10) ?? l.launch_week;
      return since ? `Live since ${since}` : 'Live';
    }
    default:
      return null;
  }
}

export function toMyListingSummary(r: MyListingRow, publicUrl: string): MyListingSummary {
  return {
    listing_id: r.id,
    slug: r.slug,
    name: r.name,
    tagline: r.tagline,
    role: r.role,
    status: r.status,
    plan: r.plan,
    launch_week: r.launch_week,
    unlocked_sections: unlockedSections(r.plan, r.unlocked_sections),
    next_step: nextStep(r),
    page_url: isPublicStatus(r.status) ? `${publicUrl}/p/${r.slug}` : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
