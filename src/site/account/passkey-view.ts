import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { PasskeySummary } from '../../domain/accounts/passkey-repository.js';
import { MAX_PASSKEY_NAME } from '../../domain/accounts/passkey-names.js';
import { html, type SafeHtml } from '../html.js';

/** The passkeys script (a static file of ours: the CSP allows no inline script), cached for a year under its hash. */
const SCRIPT = fs.readFileSync(new URL('../assets/passkeys.js', import.meta.url), 'utf8');
const SCRIPT_PATH = `/assets/passkeys.${crypto.createHash('sha256').update(SCRIPT).digest('hex').slice(0, 12)}.js`;

export function registerPasskeyScript(app: FastifyInstance) {
  app.get(SCRIPT_PATH, async (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(SCRIPT),
  );
}

const script = html`<script src="${SCRIPT_PATH}" defer></script>`;

/**
 * The sign-in page's passkey button (hidden until the script finds WebAuthn). The page's email
 * field carries `autocomplete="username webauthn"`, so browsers also offer passkeys in its autofill.
 */
export function passkeySignInBlock(csrf: string, next: string): SafeHtml {
  return html`<div class="passkey-signin" data-passkey-signin data-next="${next}" hidden><input type="hidden" name="_csrf" value="${csrf}">
    <button type="button">Use a passkey</button>
    <p class="muted" data-passkey-status role="status"></p>
  </div>${script}`;
}

/** The sign-up form's passkey button: the form's email and name, and a passkey instead of a password. */
export function passkeySignUpButton(): SafeHtml {
  return html`<button type="button" class="secondary" data-passkey-signup hidden>Use a passkey instead of a password</button>
    <p class="muted" data-passkey-status role="status"></p>${script}`;
}

/** What the account page says after a passkey action (the `passkey` query parameter), as [kind, text]. */
const MESSAGES: Record<string, ['notice' | 'error', string]> = {
  added: ['notice', 'Passkey added. You can sign in with it from now on.'],
  renamed: ['notice', 'Passkey renamed.'],
  removed: ['notice', 'Passkey removed: it no longer signs in to this account.'],
  last: [
    'error',
    'That passkey is your only way to sign in, so it stays. Add another passkey, or set a password with “Forgot your password?”, first.',
  ],
  missing: ['error', 'No such passkey on your account.'],
  name: ['error', `A passkey’s name is 1 to ${MAX_PASSKEY_NAME} characters.`],
};

const day = (iso: string) => iso.slice(0, 10);

/** The account page's Passkeys section: each passkey (rename, remove) and a button to add one. */
export function passkeySection(passkeys: PasskeySummary[], csrf: string, message?: string): SafeHtml {
  const said = message ? MESSAGES[message] : undefined;
  return html`
    <h2 id="passkeys">Passkeys</h2>
    <p>Sign in with your fingerprint, face or device PIN instead of a password. Add one on each device you use.</p>
    ${said ? html`<p class="${said[0]}" role="${said[0] === 'error' ? 'alert' : 'status'}">${said[1]}</p>` : ''}
    ${
      passkeys.length
        ? html`<ul class="passkeys">${passkeys.map(
            (
              p,
            ) => html`<li class="card"><p><strong>${p.name}</strong><br><span class="muted">Added ${day(p.created_at)} · ${p.last_used_at ? html`last used ${day(p.last_used_at)}` : 'not used yet'}${p.backed_up ? ' · synced' : ''}</span></p>
          <form method="post" action="/account/passkeys/${p.id}/rename" class="inline"><input type="hidden" name="_csrf" value="${csrf}">
            <label>New name <input name="name" required maxlength="${MAX_PASSKEY_NAME}" value="${p.name}"></label>
            <button class="secondary" aria-label="Rename ${p.name}">Rename</button></form>
          <form method="post" action="/account/passkeys/${p.id}/remove" class="inline"><input type="hidden" name="_csrf" value="${csrf}"><button class="secondary" aria-label="Remove ${p.name}">Remove</button></form></li>`,
          )}</ul>`
        : html`<p class="muted">No passkeys yet.</p>`
    }
    <form class="form" data-passkey-add hidden><input type="hidden" name="_csrf" value="${csrf}">
      <label>Name (optional) <input name="name" maxlength="${MAX_PASSKEY_NAME}" placeholder="e.g. work laptop"></label>
      <button type="submit">Add a passkey</button>
      <p class="muted" data-passkey-status role="status"></p>
    </form>${script}`;
}
