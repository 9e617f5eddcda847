import MarkdownIt from 'markdown-it';
import { escapeHtml, raw, type SafeHtml } from './html.js';

/** What every link written in Markdown carries: no endorsement, user content, no window.opener. */
const LINK_REL = 'nofollow ugc noopener';

/**
 * Only http(s), mailto and relative addresses are links; anything else (javascript:, data:,
 * vbscript:, file: …) is dropped. Control characters and whitespace are ignored first, as browsers do.
 */
export function isSafeLink(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const u = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(u);
  if (scheme) return scheme[1] === 'http' || scheme[1] === 'https' || scheme[1] === 'mailto';
  // No scheme: relative — unless a colon comes before any path, query or fragment (an odd scheme).
  const firstSep = u.search(/[/?#]/);
  const colon = u.indexOf(':');
  return colon === -1 || (firstSep !== -1 && firstSep < colon);
}

/** A path on this site ("/x.png", "img/x.png"), not another origin ("//cdn…", "https://…"). */
const isSameOrigin = (url: string) => isSafeLink(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[/\\]{2}/.test(url);

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = isSafeLink;

// Headings fit under the page's own <h1>: the post's top level becomes <h2> (whether it wrote "#"
// or "##"), and none is more than one level below the one before it, so the page never skips one.
md.core.ruler.push('fit_headings', (state) => {
  const opens = state.tokens.filter((t) => t.type === 'heading_open');
  const top = Math.min(...opens.map((t) => Number(t.tag.slice(1))));
  let previous = 1;
  for (const t of opens) {
    const level = Math.min(Number(t.tag.slice(1)) - top + 2, previous + 1, 6);
    t.tag = `h${level}`;
    previous = level;
  }
  // Each closing tag takes the level of the heading it closes (the one just before it).
  let open = 'h2';
  for (const t of state.tokens) {
    if (t.type === 'heading_open') open = t.tag;
    else if (t.type === 'heading_close') t.tag = open;
  }
});

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx].attrSet('rel', LINK_REL);
  return self.renderToken(tokens, idx, options);
};

// Images from other origins are links to them (no tracking pixels, no hot-linking); same-site paths
// stay images. An image whose address was refused is only its text.
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const t = tokens[idx];
  const src = String(t.attrGet('src') ?? '');
  const alt = self.renderInlineAsText(t.children ?? [], options, env);
  if (!src) return escapeHtml(alt);
  if (isSameOrigin(src)) return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy">`;
  return `<a href="${escapeHtml(src)}" rel="${LINK_REL}">${escapeHtml(alt || src)}</a>`;
};

/** Markdown written by the team or by users, as HTML safe to place in a page (raw HTML is shown as text). */
export function renderMarkdown(text: string): SafeHtml {
  return raw(md.render(text));
}

/**
 * Comments are stricter than posts: links only to http(s) and mailto addresses (a relative path
 * or an odd scheme stays text), no images at all (no tracking pixels, no pictures dropped into a
 * discussion: `![x](url)` becomes a plain link), and no headings — a "# Title" stays a paragraph
 * of its own text, so no comment can take over the page's outline.
 */
const commentMd = new MarkdownIt({ html: false, linkify: true, typographer: false }).disable([
  'heading',
  'lheading',
  'image',
]);
commentMd.validateLink = (url) => isSafeLink(url) && /^\s*(https?|mailto):/i.test(url);
commentMd.renderer.rules.link_open = md.renderer.rules.link_open;

/** A comment's Markdown as HTML safe to place in a page. */
export function renderCommentMarkdown(text: string): SafeHtml {
  return raw(commentMd.render(text));
}
