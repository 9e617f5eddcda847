import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { loadOrRefuse } from '../not-yours-page.js';
import { signedInUserOf } from '../site-request.js';
import { HttpError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { listDrafts, type DraftRecord } from '../../domain/drafts/draft-repository.js';
import { draftForUser } from '../../domain/drafts/draft-access.js';
import { draftView } from '../../domain/drafts/draft-view.js';
import type { DraftEdits } from '../../domain/drafts/edit-draft.js';
import { findInvite, invitesOf } from '../../domain/drafts/draft-invites.js';
import { categoryChoices } from '../../domain/drafts/process-draft.js';
import { draftPageText } from '../../domain/drafts/draft-page-text.js';
import { checkTypedFields } from '../../domain/drafts/field-checks.js';
import { FIELD_LABELS, isProfileField, readFaqForm, readFieldForm } from './draft-edit-form.js';
import { editorView, type EditorOptions } from './draft-editor-view.js';
import { evidenceFor, highlightView } from './draft-evidence-view.js';
import { progressView } from './draft-progress-view.js';
import { firstValue } from '../forms/form-values.js';
import { runForm, runOperation } from '../forms/run-form.js';
import {
  acceptInviteOperation,
  inviteCofounderOperation,
  submitDraftOperation,
  submitListingOperation,
  updateDraftOperation,
} from '../../api/operations/submit.js';

type Form = Record<string, string | string[] | undefined>;
type Draft = DraftRecord & { role: 'owner' | 'cofounder' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVITE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
/** The refusals of update_draft and submit_draft the editor shows beside its fields; others are error pages. */
const SHOWN_REFUSALS = [400, 403, 409];
const PER_PAGE = 20;
const EDIT_ACTIONS = ['save', 'lock', 'restore', 'regenerate', 'delete'] as const;
type EditAction = (typeof EDIT_ACTIONS)[number];
/** Sign-in from a draft's forms comes back to the draft; from an invite, to the invite (it sends no Referer). */
const backToDraft = { signInNext: (req: FastifyRequest) => `/drafts/${(req.params as { id: string }).id}` };
const backToInvite = { signInNext: (req: FastifyRequest) => `/invites/${(req.params as { token: string }).token}` };

/** What the editor says after an action, from the redirect's query (fixed words; the field is checked). */
function doneNotice(q: Form): string | undefined {
  const field = firstValue(q.field);
  const label = isProfileField(field) ? FIELD_LABELS[field] : 'The field';
  switch (firstValue(q.done)) {
    case 'save':
      return 'Your changes were saved.';
    case 'faqs':
      return 'Your FAQs were saved.';
    case 'unchanged':
      return 'Nothing had changed, so nothing was saved.';
    case 'lock':
      return `${label} is locked: AI redrafts leave it as it is.`;
    case 'restore':
      return `${label} is back to the value quoted from your website.`;
    case 'regenerate':
      return `The AI drafted ${label} again from your website.`;
    case 'delete':
      return `${label} was removed from the profile.`;
    case 'invited':
      return `The invite was sent.${firstValue(q.left) && /^\d+$/.test(firstValue(q.left)!) ? ` ${firstValue(q.left)} invites left.` : ''}`;
    default:
      return undefined;
  }
}

/**
 * Submitting a website and working on its draft, as server-rendered pages (the site side of
 * submit_listing, get_draft, update_draft and submit_draft): the submit form, my drafts, the live
 * progress view, the field editor with evidence highlights, co-founder invites and saving the
 * draft as a listing.
 */
export function registerDraftRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteName = ctx.site.name;
  const csrfInput = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

  /** The draft if this user may work on it; otherwise the 404 or 403 page has been sent. */
  const draftFor = (reply: FastifyReply, user: User, id: string): Promise<Draft | null> =>
    loadOrRefuse(
      reply,
      async () => {
        if (!UUID.test(id)) throw new HttpError(404, `No draft with id ${id}.`);
        return draftForUser(ctx.db, id, user.id, ctx.site.id);
      },
      {
        notFound: {
          title: 'Draft not found',
          body: html`<h1>Draft not found</h1><p>There is no draft at this address. <a href="/drafts">Your drafts</a></p>`,
        },
        notYours: {
          title: 'Not your draft',
          body: html`<h1>This draft belongs to another account</h1><p>If a co-founder started it, ask them to invite you from their draft. You are signed in as ${user.email}. <a href="/drafts">Your drafts</a></p>`,
        },
      },
    );

  async function editorPage(
    reply: FastifyReply,
    draft: Draft,
    opts: Omit<EditorOptions, 'csrf' | 'role' | 'categories' | 'invites'> = {},
    status = 200,
  ) {
    const [view, categories, invites] = await Promise.all([
      draftView(ctx.db, draft),
      categoryChoices(ctx.db, ctx.site.id),
      invitesOf(ctx.db, draft.id),
    ]);
    const title =
      typeof view.fields.name.value === 'string' && view.fields.name.value ? view.fields.name.value : view.domain;
    return reply.page(
      `Draft: ${title}`,
      editorView(view, {
        ...opts,
        csrf: reply.generateCsrf(),
        role: draft.role,
        categories: categories.map((c) => c.name),
        invites,
      }),
      status,
    );
  }

  // ---- Submit a website -------------------------------------------------------------------------
  const submitForm = (csrf: string, url = '', error?: string) => html`
    <h1>Submit your product</h1>
    <p>Give us your website's address. We read it (respecting its robots.txt) and an AI drafts your profile in a few seconds, quoting your website for every value. Anything your website does not say is left blank, never invented. Nothing is published or charged.</p>
    <form method="post" action="/submit" class="form">${csrfInput(csrf)}
      <label>Website URL <input type="url" name="url" required maxlength="2048" placeholder="https://example.com" value="${url}" ${error ? html`aria-invalid="true" aria-describedby="url-error"` : ''}></label>
      ${error ? html`<p class="field-error" id="url-error" role="alert">${error}</p>` : ''}
      <button type="submit">Draft my profile</button>
    </form>
    <p><a href="/drafts">Your drafts</a></p>`;

  app.get('/submit', async (_req, reply) => {
    return reply.page('Submit your product', submitForm(reply.generateCsrf()));
  });

  app.post<{ Body: Form }>('/submit', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = signedInUserOf(req);
    const url = String(firstValue(req.body?.url) ?? '');
    const outcome = await runForm(ctx, user, submitListingOperation, req.body);
    if (outcome.ok) return reply.redirect(`/drafts/${outcome.value.id}`, 303);
    if (outcome.status !== 400) throw new HttpError(outcome.status, outcome.message);
    const message = url.trim()
      ? `Website URL: ${outcome.fields.url ?? outcome.message}`
      : 'Website URL: enter the address of your website, e.g. https://example.com.';
    return reply.page('Submit your product', submitForm(reply.generateCsrf(), url, message), 400);
  });

  // ---- My drafts --------------------------------------------------------------------------------
  app.get<{ Querystring: Form }>('/drafts', async (req, reply) => {
    const user = signedInUserOf(req);
    const n = Number(firstValue(req.query.page) ?? 1);
    const pageNo = Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
    const { items, total } = await listDrafts(ctx.db, ctx.site.id, user.id, PER_PAGE, (pageNo - 1) * PER_PAGE);
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    return reply.page(
      'Your drafts',
      html`
      <h1>Your drafts</h1>
      <p><a class="button" href="/submit">Submit a website</a></p>
      ${
        items.length
          ? html`<table><thead><tr><th>Website</th><th>Status</th><th>Completeness</th><th>Listing</th><th>Started</th><th></th></tr></thead><tbody>
        ${items.map(
          (
            d,
          ) => html`<tr><td><a href="/drafts/${d.id}">${d.domain}</a>${d.role === 'cofounder' ? html` <span class="muted">(shared with you)</span>` : ''}</td>
          <td>${d.status}</td><td>${d.completeness}%</td><td>${d.listing_id ? 'saved' : '—'}</td><td>${String(d.created_at).slice(0, 16).replace('T', ' ')}</td>
          <td><a href="/drafts/${d.id}" aria-label="Open the draft of ${d.domain}">Open</a></td></tr>`,
        )}
      </tbody></table>
      ${pages > 1 ? html`<p>Page ${pageNo} of ${pages}${pageNo > 1 ? html` · <a href="/drafts?page=${pageNo - 1}">newer</a>` : ''}${pageNo < pages ? html` · <a href="/drafts?page=${pageNo + 1}">older</a>` : ''}</p>` : ''}`
          : html`<p class="muted">No drafts yet. Submit your website and the AI drafts your profile from it.</p>`
      }`,
    );
  });

  // ---- One draft: progress, then the editor -----------------------------------------------------
  app.get<{ Params: { id: string }; Querystring: Form }>('/drafts/:id', async (req, reply) => {
    const user = signedInUserOf(req);
    const draft = await draftFor(reply, user, req.params.id);
    if (!draft) return reply;
    if (draft.status !== 'ready') {
      reply.header('Cache-Control', 'no-store');
      return reply.page('Drafting your profile', progressView(draft));
    }
    return editorPage(reply, draft, { notice: doneNotice(req.query) });
  });

  app.get<{ Params: { id: string }; Querystring: Form }>('/drafts/:id/evidence', async (req, reply) => {
    const user = signedInUserOf(req);
    const draft = await draftFor(reply, user, req.params.id);
    if (!draft) return reply;
    const key = firstValue(req.query.field) ?? '';
    const i = Number(firstValue(req.query.i) ?? 0);
    const found = evidenceFor(draft, key);
    const evidence = found && Number.isInteger(i) && i >= 0 ? found.evidence[i] : undefined;
    if (!found || !evidence) {
      return reply.page(
        'Quote not found',
        html`<h1>Quote not found</h1><p>This value has no quote number ${Number.isInteger(i) ? i + 1 : ''} any more; it may have been edited or redrafted. <a href="/drafts/${draft.id}">Back to the draft</a></p>`,
        404,
      );
    }
    const pageText = await draftPageText(ctx.db, draft.id, evidence.url, evidence.source ?? 'text');
    return reply.page(
      `Quote for ${found.label}`,
      highlightView({ draftId: draft.id, label: found.label, index: i, evidence, page: pageText }),
    );
  });

  app.post<{ Params: { id: string }; Body: Form }>(
    '/drafts/:id/edit',
    { preHandler: app.csrfProtection, config: backToDraft },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const draft = await draftFor(reply, user, req.params.id);
      if (!draft) return reply;
      const body = req.body ?? {};
      const action = (firstValue(body.action) ?? 'save') as EditAction;
      if (!EDIT_ACTIONS.includes(action))
        return editorPage(reply, draft, { problems: ['That action is not one the editor knows.'] }, 400);
      const field = firstValue(body.field);

      let edits: DraftEdits;
      let kept: Pick<EditorOptions, 'typed' | 'shown'> = {};
      if (action === 'save') {
        const form = readFieldForm(body, draft.fields);
        kept = { typed: form.typed, shown: form.shown };
        if (form.errors.length) {
          // Report every problem at once: the other changed values get the checks editDraft would make.
          const names = form.changes.categories ? (await categoryChoices(ctx.db, ctx.site.id)).map((c) => c.name) : [];
          return editorPage(
            reply,
            draft,
            { ...kept, errors: [...form.errors, ...checkTypedFields(form.changes, names).errors] },
            400,
          );
        }
        if (Object.keys(form.changes).length === 0) return reply.redirect(`/drafts/${draft.id}?done=unchanged`, 303);
        edits = { fields: form.changes };
      } else {
        if (!isProfileField(field))
          return editorPage(reply, draft, { problems: ['Choose one of the profile fields.'] }, 400);
        edits =
          action === 'lock'
            ? { lock_fields: [field] }
            : action === 'restore'
              ? { restore: [field] }
              : action === 'regenerate'
                ? { regenerate: [field] }
                : { fields: { [field]: null } };
      }
      const outcome = await runOperation(ctx, user, updateDraftOperation, {
        params: { id: draft.id },
        body: { ...edits },
      });
      if (!outcome.ok) {
        if (!SHOWN_REFUSALS.includes(outcome.status)) throw new HttpError(outcome.status, outcome.message);
        const errors = outcome.status === 400 ? outcome.errors : [];
        const problems = errors.length ? [] : [outcome.message];
        return editorPage(reply, draft, { ...kept, errors, problems }, outcome.status);
      }
      const target = action === 'save' ? '?done=save' : `?done=${action}&field=${field}#field-${field}`;
      return reply.redirect(`/drafts/${draft.id}${target}`, 303);
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/drafts/:id/faqs',
    { preHandler: app.csrfProtection, config: backToDraft },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const draft = await draftFor(reply, user, req.params.id);
      if (!draft) return reply;
      const form = readFaqForm(req.body ?? {}, draft.faqs);
      const refused = (errors: string[], status: number) =>
        editorPage(reply, draft, { faqTyped: form.typed, faqShown: form.shown, faqErrors: errors }, status);
      if (form.errors.length) return refused(form.errors, 400);
      if (!form.changed) return reply.redirect(`/drafts/${draft.id}?done=unchanged#faqs`, 303);
      const outcome = await runOperation(ctx, user, updateDraftOperation, {
        params: { id: draft.id },
        body: { faqs: form.faqs },
      });
      if (!outcome.ok) {
        if (!SHOWN_REFUSALS.includes(outcome.status)) throw new HttpError(outcome.status, outcome.message);
        return refused(
          outcome.errors.length ? outcome.errors.map((e) => `${e.path}: ${e.message}`) : [outcome.message],
          outcome.status,
        );
      }
      return reply.redirect(`/drafts/${draft.id}?done=faqs#faqs`, 303);
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/drafts/:id/invites',
    { preHandler: app.csrfProtection, config: backToDraft },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const draft = await draftFor(reply, user, req.params.id);
      if (!draft) return reply;
      const email = String(firstValue(req.body?.email) ?? '').trim();
      const outcome = await runForm(ctx, user, inviteCofounderOperation, req.body, { id: draft.id });
      if (outcome.ok)
        return reply.redirect(`/drafts/${draft.id}?done=invited&left=${outcome.value.invites_left}#invite`, 303);
      if (outcome.status !== 400) throw new HttpError(outcome.status, outcome.message);
      // The schema's refusal of the address reads as what to do; the domain's refusals say why.
      const inviteError = outcome.invalidInput
        ? "Email: enter your co-founder's address (at most 254 characters)."
        : outcome.message;
      return editorPage(reply, draft, { inviteEmail: email, inviteError }, 400);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/drafts/:id/submit',
    { preHandler: app.csrfProtection, config: backToDraft },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const draft = await draftFor(reply, user, req.params.id);
      if (!draft) return reply;
      if (draft.status !== 'ready') {
        return reply.page(
          'Not ready yet',
          html`<h1>Not ready yet</h1><p>The draft is still ${draft.status}. Save it as your listing once it is ready (usually a few seconds). <a href="/drafts/${draft.id}">Back to the draft</a></p>`,
          409,
        );
      }
      const outcome = await runOperation(ctx, user, submitDraftOperation, { params: { id: draft.id } });
      if (!outcome.ok) {
        if (!SHOWN_REFUSALS.includes(outcome.status)) throw new HttpError(outcome.status, outcome.message);
        // A missing name is shown at the name field; a domain already listed (409) at the top.
        const errors =
          outcome.status === 400
            ? outcome.errors.map((e) =>
                e.path === 'fields.name'
                  ? {
                      ...e,
                      message: 'a listing needs a name; your website did not state one, so type it here and save',
                    }
                  : e,
              )
            : [];
        return editorPage(
          reply,
          draft,
          {
            errors,
            problems: [
              errors.length
                ? 'Not saved as a listing: fill in the fields marked below first.'
                : `Not saved as a listing: ${outcome.message}`,
            ],
          },
          outcome.status,
        );
      }
      const saved = outcome.value;
      const name = typeof draft.fields.name.value === 'string' ? draft.fields.name.value : draft.domain;
      return reply.page(
        'Saved as your listing',
        html`
        <h1>Saved as your listing</h1>
        <p class="notice" role="status"><strong>${name}</strong> is saved as your listing <code>${saved.slug}</code> (status: ${saved.status}). It is <strong>not published yet</strong>, and nothing was charged.</p>
        <h2>Next steps</h2>
        <ul>
          <li><a href="/my/listings/${saved.listing_id}/launch">Launch for free</a>: your listing is queued for a launch week 6–8 weeks out and goes live once our badge is on your homepage (or with <code>choose_free_listing</code>, listing ${saved.listing_id}, in the <a href="/docs#op-choose_free_listing">API</a>).</li>
          <li><a href="/my/listings/${saved.listing_id}">Edit the listing</a> (history, updates, milestones, story).</li>
          <li>Or launch now or in a week you choose with a paid order (<code>quote_order</code>, then <code>create_checkout</code>).</li>
          <li>Changes you save in the draft update this listing too; no need to save it again.</li>
        </ul>
        <p><a href="/drafts/${draft.id}">Back to the draft</a> · <a href="/drafts">All your drafts</a></p>`,
      );
    },
  );

  // ---- Co-founder invites -----------------------------------------------------------------------
  const invalidInvite = (reply: FastifyReply, message: string, status = 404) =>
    reply.page(
      'Invite not valid',
      html`<h1>This invite cannot be used</h1><p>${message}</p><p>Ask whoever invited you to send a new invite. <a href="/drafts">Your drafts</a></p>`,
      status,
    );

  app.get<{ Params: { token: string } }>('/invites/:token', async (req, reply) => {
    const { token } = req.params;
    const user = signedInUserOf(req);
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const invite = INVITE_TOKEN.test(token) ? await findInvite(ctx.db, token, ctx.now()) : null;
    if (!invite)
      return invalidInvite(
        reply,
        'This invite link is not valid any more: it was used, replaced by a newer one, or it expired.',
      );
    if (invite.owner_id === user.id)
      return invalidInvite(
        reply,
        'This is an invite you sent; your co-founder has to open it while signed in to their own account.',
        400,
      );
    return reply.page(
      `Join ${invite.product}`,
      html`
      <h1>Co-own ${invite.product}</h1>
      <p><strong>${invite.inviter_email}</strong> invited you to co-own <strong>${invite.product}</strong> on ${siteName}. Once you accept, you can edit its draft, and you own the listing together.</p>
      ${invite.email.toLowerCase() !== user.email.toLowerCase() ? html`<p class="notice">The invite was sent to ${invite.email}; you are signed in as ${user.email}. Accepting adds <strong>this</strong> account.</p>` : ''}
      <form method="post" action="/invites/${token}">${csrfInput(reply.generateCsrf())}<button type="submit">Accept the invite</button></form>`,
    );
  });

  app.post<{ Params: { token: string } }>(
    '/invites/:token',
    { preHandler: app.csrfProtection, config: backToInvite },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const outcome = await runOperation(ctx, user, acceptInviteOperation, { params: { token: req.params.token } });
      if (!outcome.ok)
        return invalidInvite(reply, outcome.invalidInput ? 'This invite link is not valid.' : outcome.message);
      return reply.redirect(`/drafts/${outcome.value.draft_id}`, 303);
    },
  );
}
