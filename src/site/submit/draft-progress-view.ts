import { html, type SafeHtml } from '../html.js';
import { sha256 } from '../../crypto/sha256.js';
import type { DraftProgress } from '../../domain/drafts/draft-repository.js';

/** Words for the phases a draft's progress reports (process-draft.ts). */
export const PHASE_LABELS: Record<string, string> = {
  queued: 'Waiting to start',
  crawling: 'Reading your website',
  drafting: 'Drafting your profile',
  done: 'Done',
};
export const phaseLabel = (phase: string | undefined) => (phase && PHASE_LABELS[phase]) || 'Working on it';

/**
 * Polls the draft's progress.json every 2 s, shows what it reports and reloads the page once the
 * draft is ready (the editor is rendered by the server). Served as a file, not inline, so it keeps
 * working under a Content-Security-Policy without 'unsafe-inline'.
 */
export const PROGRESS_SCRIPT = `(() => {
  const box = document.getElementById('draft-progress');
  if (!box) return;
  const labels = ${JSON.stringify(PHASE_LABELS)};
  const set = (key, text) => { const el = box.querySelector('[data-k="' + key + '"]'); if (el) el.textContent = text; };
  const bar = box.querySelector('progress');
  let failures = 0;
  async function tick() {
    try {
      const res = await fetch(box.dataset.progressUrl, { headers: { accept: 'application/json' }, cache: 'no-store', credentials: 'same-origin' });
      // Signed out, gone or no longer shared: the page itself explains it.
      if (res.status === 401 || res.status === 403 || res.status === 404) { location.reload(); return; }
      if (!res.ok) throw new Error('HTTP ' + res.status);
      const d = await res.json();
      failures = 0;
      if (d.status === 'ready') { location.reload(); return; }
      const p = d.progress || {};
      set('status', d.status);
      set('phase', labels[p.phase] || 'Working on it');
      set('pages', (p.pages_read || 0) + (p.pages_planned ? ' of ' + p.pages_planned : ''));
      set('current_url', p.current_url || '');
      set('message', p.message || '');
      const skipped = p.skipped || [];
      const shown = skipped.slice(0, 5);
      const more = skipped.length - shown.length + (p.skipped_more || 0);
      set('skipped', shown.length ? 'Not read: ' + shown.map((s) => s.url + ' (' + s.detail + ')').join('; ') + (more ? '; and ' + more + ' more' : '') : '');
      if (bar && p.pages_planned) { bar.max = p.pages_planned; bar.value = p.pages_read || 0; }
    } catch (err) {
      failures++;
    }
    setTimeout(tick, failures > 5 ? 10000 : 2000);
  }
  setTimeout(tick, 2000);
})();
`;
/** The script's address carries a hash of its content, so it is cached for a year and still changes. */
export const PROGRESS_SCRIPT_PATH = `/assets/draft-progress.${sha256(PROGRESS_SCRIPT).slice(0, 12)}.js`;

/** The first few pages not read, each with its reason (the polling script writes the same line). */
function skippedSummary(p: DraftProgress): string {
  const skipped = p.skipped ?? [];
  const shown = skipped.slice(0, 5);
  const more = skipped.length - shown.length + (p.skipped_more ?? 0);
  return shown.length
    ? `Not read: ${shown.map((s) => `${s.url} (${s.detail})`).join('; ')}${more ? `; and ${more} more` : ''}`
    : '';
}

/** The live view of a draft still being read or drafted. */
export function progressView(d: { id: string; url: string; status: string; progress: DraftProgress }): SafeHtml {
  const p = d.progress ?? {};
  return html`
    <h1>Drafting your profile</h1>
    <p>We are reading <strong>${d.url}</strong> (respecting its robots.txt) and drafting your profile from what it says. This usually takes a few seconds; this page updates itself.</p>
    <div id="draft-progress" class="card" data-progress-url="/drafts/${d.id}/progress.json" aria-live="polite">
      <p>Status: <strong data-k="status">${d.status}</strong> — <span data-k="phase">${phaseLabel(p.phase)}</span></p>
      <p><progress ${p.pages_planned ? html`max="${p.pages_planned}" value="${p.pages_read ?? 0}"` : ''}></progress>
        Pages read: <span data-k="pages">${p.pages_read ?? 0}${p.pages_planned ? ` of ${p.pages_planned}` : ''}</span></p>
      <p class="muted">Now reading: <span data-k="current_url">${p.current_url ?? ''}</span></p>
      <p data-k="message">${p.message ?? ''}</p>
      <p class="muted" data-k="skipped">${skippedSummary(p)}</p>
    </div>
    <noscript><meta http-equiv="refresh" content="3"><p class="muted">This page reloads every few seconds.</p></noscript>
    <script src="${PROGRESS_SCRIPT_PATH}" defer></script>
    <p><a href="/drafts">All your drafts</a></p>`;
}
