import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { User } from '../domain/accounts/user-repository.js';
import type { ListingSummary } from '../domain/listings/listing-summary.js';
import { votedListingIds } from '../domain/votes/votes.js';
import { type CardVoting, cardVote } from './components.js';
import { html, raw, type SafeHtml, siteHeader } from './html.js';
import { listPageNotice } from './community/pending-actions.js';

/**
 * A public page split where it depends on who looks at it — the header (account links, signed-in
 * look), the cards' vote buttons (CSRF token, "you voted") and the notice of a card's vote kept
 * through sign-in — so that one rendering serves everyone: the page
 * is rendered once with a placeholder for each personal part, and each visitor gets the parts
 * filled in for them. A signed-out visitor's copy is filled once and kept (see page-memo.ts).
 */

/** What a page draws with in place of its personal parts. */
export interface PersonalParts {
  /** The header (LayoutOptions.header). */
  header: (at: { siteName: string; path: string }) => SafeHtml;
  /** Vote buttons for the cards of a list that brings a signed-out voter back to `next`. */
  voting(next: string): CardVoting;
  /** Where a list page tells a voter coming back from signing in what came of the vote (pending-actions.ts). */
  notice(): SafeHtml;
}

type Part =
  | { kind: 'header'; siteName: string; path: string }
  | { kind: 'card-vote'; listing: ListingSummary; next: string }
  | { kind: 'notice' };

/** Who the parts are filled in for: null for a signed-out visitor. */
export type Viewer = { user: User; csrf: string; voted: ReadonlySet<number>; notice?: SafeHtml } | null;

// A comment nobody else can write: escaped text never holds "<", and the rest is random per process.
const MARK = `<!--personal ${crypto.randomBytes(9).toString('base64url')} `;
const MARK_END = '-->';

export class PageTemplate {
  private constructor(
    /** The page's text between its personal parts: one more than the parts. */
    private readonly chunks: string[],
    private readonly parts: Part[],
  ) {}

  /** Renders a page with placeholders where `draw` puts personal parts. */
  static async render(draw: (parts: PersonalParts) => Promise<string>): Promise<PageTemplate> {
    const recorded: Part[] = [];
    const mark = (part: Part) => {
      recorded.push(part);
      return raw(`${MARK}${recorded.length - 1}${MARK_END}`);
    };
    const text = await draw({
      header: (at) => mark({ kind: 'header', ...at }),
      voting: (next) => ({ deferred: (listing) => mark({ kind: 'card-vote', listing, next }) }),
      notice: () => mark({ kind: 'notice' }),
    });
    // Parts are found in the order they stand in the page, which need not be the order drawn.
    const pieces = text.split(MARK);
    const chunks = [pieces[0]];
    const parts: Part[] = [];
    for (const piece of pieces.slice(1)) {
      const end = piece.indexOf(MARK_END);
      parts.push(recorded[Number(piece.slice(0, end))]);
      chunks.push(piece.slice(end + MARK_END.length));
    }
    return new PageTemplate(chunks, parts);
  }

  /** The listings whose vote buttons the page shows. */
  votable(): ListingSummary[] {
    return this.parts.flatMap((p) => (p.kind === 'card-vote' ? [p.listing] : []));
  }

  /** Whether the page has a place for a notice. */
  hasNotice(): boolean {
    return this.parts.some((p) => p.kind === 'notice');
  }

  /** The page as `viewer` sees it. */
  fill(viewer: Viewer): string {
    let out = this.chunks[0];
    for (let i = 0; i < this.parts.length; i++) out += partFor(this.parts[i], viewer).value + this.chunks[i + 1];
    return out;
  }
}

function partFor(part: Part, viewer: Viewer): SafeHtml {
  if (part.kind === 'header') return siteHeader({ siteName: part.siteName, user: viewer?.user }, part.path);
  if (part.kind === 'notice') return viewer?.notice ?? html``;
  return cardVote(
    part.listing,
    viewer
      ? { signedIn: true, next: part.next, csrf: viewer.csrf, voted: viewer.voted }
      : { signedIn: false, next: part.next },
  );
}

/** The request's visitor as a page's personal parts need them: their CSRF token and votes only when it has vote buttons. */
export async function viewerOf(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  page: PageTemplate,
): Promise<Viewer> {
  const user = req.user;
  if (!user) return null;
  const listings = page.votable();
  const notice = page.hasNotice()
    ? listPageNotice(req, reply, (slug) => listings.find((l) => l.slug === slug)?.name)
    : undefined;
  if (listings.length === 0) return { user, csrf: '', voted: new Set(), notice };
  return { user, csrf: reply.generateCsrf(), voted: await votedListingIds(ctx.db, user.id, listings), notice };
}
