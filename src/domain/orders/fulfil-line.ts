import type { NoRows, Tx } from '../../db/client.js';
import type { AppContext } from '../../app-context.js';
import { addDays, mondayOf } from '../weeks/weeks.js';
import { formatUsd } from '../money/format-money.js';
import { isProductCode, type ProductCode } from './catalog.js';
import { MAX_EXTRA_CATEGORIES } from './order-items.js';
import type { ReviewPoint } from './profile-review.js';
import { publishEvent } from '../events/publish-event.js';

/** An order line as fulfilment reads it (locked). */
export interface FulfilLine {
  id: number;
  order_id: number;
  product_code: string;
  listing_id: number | null;
  week: string | null;
  categories: string[];
  options: Record<string, unknown>;
  amount_cents: number | null;
  fulfilled_at: string | null;
}

/** What one line's fulfilment did: `done` false while it waits for someone (done_for_you). */
export interface LineOutcome {
  done: boolean;
  detail: string;
  data?: Record<string, unknown>;
}

export interface FulfilContext {
  ctx: AppContext;
  now: Date;
  featuredDays: number;
  /** ai_review: the review written before the transaction (it may call an LLM). */
  review?: { method: string; summary: string; points: ReviewPoint[] };
}

const LOCK_LISTING = `SELECT l.id, l.slug, l.site_id, l.status, l.plan, to_char(l.launch_week,
  'YYYY-MM-DD') AS launch_week, c.name
  FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1 FOR UPDATE OF l`;

type ListingRow = {
  id: number;
  slug: string;
  site_id: number;
  status: string;
  plan: string | null;
  launch_week: string | null;
  name: string;
};

/** What a product's fulfilment works on: the line, its listing (locked) and the moment. */
interface Fulfilment {
  tx: Tx;
  line: FulfilLine;
  l: ListingRow;
  f: FulfilContext;
  at: string;
  thisMonday: string;
}

/** How each product is fulfilled; every product sold needs a listing. */
const FULFILMENT: { [P in ProductCode]: ((c: Fulfilment) => Promise<LineOutcome & { slug?: string }>) | null } = {
  launch: async ({ tx, line, l, f, at, thisMonday }) => {
    // A week that has begun (or none) means now.
    const liveNow = !line.week || line.week <= thisMonday;
    if (l.status === 'hidden') {
      // Paid before a moderator hid it: the launch is kept for when it is restored, not shown now.
      await tx.query<NoRows>(
        `UPDATE listings SET plan = 'paid', hidden_from_status = $2, launch_week = $3::date, updated_at = $4
          WHERE id = $1`,
        [l.id, liveNow ? 'live' : 'scheduled', liveNow ? thisMonday : line.week, at],
      );
      return {
        done: true,
        slug: l.slug,
        detail: `${l.name} is hidden by the site's moderators; its paid launch applies when it is restored.`,
      };
    }
    if (l.status === 'live') {
      await tx.query<NoRows>(`UPDATE listings SET plan = 'paid', updated_at = $2 WHERE id = $1`, [l.id, at]);
      return {
        done: true,
        detail: `${l.name} was already live; it is now on the paid plan with its paid sections unlocked.`,
        slug: l.slug,
      };
    }
    await tx.query<NoRows>(
      `UPDATE listings SET plan = 'paid', status = $2, launch_week = $3::date, launched_at = CASE
                WHEN $2 = 'live' THEN $4::timestamptz ELSE NULL END,
                free_queue_exit = NULL, updated_at = $4 WHERE id = $1`,
      [l.id, liveNow ? 'live' : 'scheduled', liveNow ? thisMonday : line.week, at],
    );
    // In the fulfilment's transaction: the events commit with the launch, or not at all.
    const events = { db: tx, now: () => f.now, config: f.ctx.config };
    if (l.status !== 'scheduled') await publishEvent(events, { type: 'listing.published', listingId: l.id });
    if (liveNow) await publishEvent(events, { type: 'listing.live', listingId: l.id });
    return {
      done: true,
      slug: l.slug,
      detail: liveNow
        ? `${l.name} went live on the paid plan on ${at.slice(0, 10)}; story, milestones and media are unlocked.`
        : `${l.name} is scheduled on the paid plan for the week of ${line.week}; it goes live that Monday. ` +
          `Story, milestones and media are unlocked.`,
    };
  },
  skip_queue: async ({ tx, line, l, at }) => {
    if (l.plan === 'free' && (l.status === 'awaiting_badge' || l.status === 'scheduled')) {
      await tx.query<NoRows>('UPDATE listings SET launch_week = $2::date, updated_at = $3 WHERE id = $1', [
        l.id,
        line.week,
        at,
      ]);
      return {
        done: true,
        slug: l.slug,
        detail:
          `${l.name} moved from the free-queue week of ${l.launch_week} to the week of ` +
          `${line.week}${l.status === 'awaiting_badge' ? ' (it still needs our badge on its homepage to go live)' : ''}.`,
      };
    }
    if (l.status === 'draft') {
      await tx.query<NoRows>(
        `UPDATE listings
          SET plan = 'free', status = 'awaiting_badge', launch_week = $2::date, free_queue_exit = NULL, updated_at = $3
          WHERE id = $1`,
        [l.id, line.week, at],
      );
      return {
        done: true,
        slug: l.slug,
        detail:
          `${l.name} had left the free queue; it is back in it for the week of ${line.week}, waiting for our ` +
          `badge.`,
      };
    }
    return {
      done: true,
      slug: l.slug,
      detail:
        `${l.name} was already ${l.status} when the order was paid, so its week was not changed; ask the site ` +
        `team for a refund of this line.`,
    };
  },
  featured: async ({ tx, l, f, at }) => {
    const rows = await tx.query<{ until: string }>(
      `UPDATE listings
          SET featured_until = greatest(coalesce(featured_until, $2::timestamptz),
          $2::timestamptz) + make_interval(days => $3), updated_at = $2
          WHERE id = $1 RETURNING featured_until AS until`,
      [l.id, at, f.featuredDays],
    );
    return {
      done: true,
      slug: l.slug,
      detail:
        `${l.name} is featured on the home page and in search until ` +
        `${rows[0].until.slice(0, 16).replace('T', ' ')} UTC (${f.featuredDays} days).`,
    };
  },
  done_for_you: async ({ tx, line, l }) => {
    const rows = await tx.query<{ id: number; status: string }>(
      `INSERT INTO admin_tasks (site_id, order_line_id, listing_id, kind, title) VALUES ($1, $2, $3, 'done_for_you', $4)
         ON CONFLICT (order_line_id) DO UPDATE SET kind = admin_tasks.kind RETURNING id, status`,
      [l.site_id, line.id, l.id, `Polish the profile of ${l.name} (done for you)`],
    );
    if (rows[0].status === 'done') return { done: true, detail: 'The team finished polishing the profile.' };
    return {
      done: false,
      detail:
        `Our team has the task (#${rows[0].id}) and will polish the profile of ${l.name}; this line is fulfilled ` +
        `when they mark it done.`,
      data: { task_id: rows[0].id },
    };
  },
  // Bundle lines are not fulfilled themselves: each product in it is a line of its own (fulfil-order.ts).
  launch_bundle: null,
  extra_categories: async ({ tx, line, l }) => {
    const [{ n }] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM listing_extra_categories WHERE listing_id = $1',
      [l.id],
    );
    const room = Math.max(0, MAX_EXTRA_CATEGORIES - n);
    const added = await tx.query<{ slug: string }>(
      `INSERT INTO listing_extra_categories (listing_id, category_id)
         SELECT $1, c.id FROM categories c JOIN listings l ON l.id = $1
          WHERE c.site_id = l.site_id AND c.slug = ANY($2::text[]) AND c.id IS DISTINCT FROM l.primary_category_id
          ORDER BY array_position($2::text[], c.slug) LIMIT $3
         ON CONFLICT DO NOTHING RETURNING (SELECT slug FROM categories WHERE id = category_id)`,
      [l.id, line.categories, room],
    );
    const slugs = added.map((a) => a.slug);
    const skipped = line.categories.filter((s) => !slugs.includes(s));
    return {
      done: true,
      slug: l.slug,
      detail:
        `${l.name} is now also listed in ` +
        `${slugs.join(', ') || 'no new category'}${skipped.length ? ` (not added: ${skipped.join(', ')} — already there, gone, or no room left of ${MAX_EXTRA_CATEGORIES})` : ''}.`,
    };
  },
  relaunch: async ({ tx, line, l }) => {
    await tx.query<NoRows>(
      `INSERT INTO relaunches (listing_id, week, order_line_id) VALUES ($1, $2::date, $3) ON CONFLICT (order_line_id)
        DO NOTHING`,
      [l.id, line.week, line.id],
    );
    return {
      done: true,
      slug: l.slug,
      detail:
        `${l.name} relaunches in the week of ${line.week} (Monday ${line.week} to Sunday ` +
        `${addDays(line.week!, 6)}): it appears in that week's launches.`,
    };
  },
  ai_review: async ({ tx, line, l, f }) => {
    const r = f.review!;
    await tx.query<NoRows>(
      `INSERT INTO listing_profile_reviews (listing_id, order_line_id, method, points, summary)
        VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_line_id) DO NOTHING`,
      [l.id, line.id, r.method, JSON.stringify(r.points), r.summary],
    );
    return {
      done: true,
      detail: `Profile review written: ${r.summary} Read it on the order page and on the listing's page in My listings.`,
      data: { points: r.points.length },
    };
  },
  billboard_min: async ({ tx, line, l, at }) => {
    await tx.query<NoRows>(
      'INSERT INTO billboard_entries (site_id, listing_id, amount_cents, order_line_id, created_at) VALUES ' +
        '($1, $2, $3, $4, $5)',
      [l.site_id, l.id, line.amount_cents, line.id, at],
    );
    return {
      done: true,
      slug: l.slug,
      detail:
        `${formatUsd(line.amount_cents ?? 0)} added to ${l.name} on the Billboard (a paid ranking, always ` +
        `labelled as paid).`,
    };
  },
  trophy_cabinet: async ({ tx, line, l }) => {
    await tx.query<NoRows>(
      'INSERT INTO trophy_cabinets (listing_id, order_line_id, options) VALUES ($1, $2, $3) ON CONFLICT ' +
        '(order_line_id) DO NOTHING',
      [l.id, line.id, JSON.stringify(line.options)],
    );
    return {
      done: true,
      slug: l.slug,
      detail: `A ${String(line.options.style ?? 'classic')} trophy cabinet now shows on the listing page of ${l.name}.`,
    };
  },
};

/**
 * Does what one paid line bought, inside the transaction that also marks the line fulfilled — so a
 * worker dying midway leaves either both or neither, and a re-run does nothing twice.
 */
export async function applyLine(tx: Tx, line: FulfilLine, f: FulfilContext): Promise<LineOutcome & { slug?: string }> {
  const listing = line.listing_id ? (await tx.query<ListingRow>(LOCK_LISTING, [line.listing_id]))[0] : undefined;
  if (line.listing_id && !listing)
    return { done: true, detail: 'The listing was deleted before this line could be fulfilled; nothing was done.' };
  const at = f.now.toISOString();
  const thisMonday = mondayOf(f.now);
  const fulfil = isProductCode(line.product_code) ? FULFILMENT[line.product_code] : null;
  if (!fulfil)
    return { done: false, detail: `No fulfilment is defined for ${line.product_code}; the site team has been told.` };
  return fulfil({ tx, line, l: listing!, f, at, thisMonday });
}
