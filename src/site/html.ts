/**
 * HTML built with a tagged template that escapes every interpolated value unless it is already
 * `SafeHtml` — so user and AI text can never inject markup, without a template engine to learn.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() { return this.value; }
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function render(v: unknown): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

export const raw = (s: string) => new SafeHtml(s);

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#16181d;--muted:#5b6170;--line:#e4e6eb;--accent:#e8590c;--card:#f8f9fb}
@media (prefers-color-scheme:dark){:root{--bg:#14161a;--fg:#eceef2;--muted:#a1a7b3;--line:#2a2e36;--card:#1b1e24}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}header.top{display:flex;gap:1.5rem;align-items:center;padding:.8rem 1.5rem;border-bottom:1px solid var(--line);flex-wrap:wrap}
header.top .brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--fg)}header.top nav{display:flex;gap:1rem;flex-wrap:wrap}
main{max-width:960px;margin:0 auto;padding:1.5rem}h1{font-size:1.7rem;margin:.2rem 0 1rem}
.list{list-style:none;padding:0;margin:0}.list li{display:flex;gap:1rem;align-items:center;padding:.8rem 0;border-bottom:1px solid var(--line)}
.list .rank{width:2rem;color:var(--muted);text-align:right}.list .body{flex:1}.list .votes{min-width:4rem;text-align:center;border:1px solid var(--line);border-radius:8px;padding:.3rem}
.muted{color:var(--muted)}.tag{display:inline-block;font-size:.8rem;border:1px solid var(--line);border-radius:99px;padding:0 .6rem;margin:.1rem}
.form{display:grid;gap:.8rem;max-width:26rem}.form label{display:grid;gap:.25rem;font-weight:600}.form input,.form select{font:inherit;padding:.5rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
button,.button{font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}button.secondary{background:transparent;color:var(--accent)}
.error{color:#c92a2a}.notice{border-left:4px solid var(--accent);padding:.4rem .8rem;background:var(--card)}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);padding:.4rem;text-align:left}
code.secret{display:block;padding:.6rem;background:var(--card);border:1px dashed var(--accent);word-break:break-all}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem 1.2rem;margin:1rem 0}
.badge{display:inline-block;font-size:.8rem;font-weight:600;border-radius:99px;padding:.05rem .6rem;border:1px solid var(--line);background:var(--card)}
.badge.state-ai{border-color:#2f9e44;color:#2f9e44}.badge.state-not_found{color:var(--muted)}.badge.state-edited,.badge.state-manual{border-color:#1c7ed6;color:#1c7ed6}
.badge.state-override{border-color:var(--accent);color:var(--accent)}.badge.state-deleted{color:#c92a2a;border-color:#c92a2a}
.editor .field{border-top:1px solid var(--line);padding:.9rem 0;display:grid;gap:.35rem}.field-head{display:flex;gap:.6rem;align-items:center;flex-wrap:wrap}.field-head label{font-weight:600}
.editor input,.editor textarea{font:inherit;width:100%;padding:.5rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
.field.has-error input,.field.has-error textarea{border-color:#c92a2a}.field-error{color:#c92a2a;margin:0;font-weight:600}.small{font-size:.85rem;margin:0}
.field-actions{display:flex;gap:.4rem;flex-wrap:wrap}button.small{padding:.2rem .6rem;font-size:.85rem}
ul.evidence{margin:.2rem 0;padding-left:1.2rem;font-size:.9rem}ul.evidence q{font-style:italic}
pre.page-text{white-space:pre-wrap;word-break:break-word;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;max-height:70vh;overflow:auto}
fieldset.faq{border:1px solid var(--line);border-radius:8px;margin:.6rem 0;display:grid;gap:.4rem}fieldset.faq label{display:grid;gap:.2rem;font-weight:600}
mark{background:#ffe066;color:#16181d;padding:0 .1rem;border-radius:3px}progress{vertical-align:middle}
form.inline{display:inline-block;margin:.3rem .4rem .3rem 0}.form label.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}.form label.check input{margin-top:.35rem}
.form fieldset{border:1px solid var(--line);border-radius:8px;display:grid;gap:.6rem}.form textarea{font:inherit;padding:.5rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
table.order-lines tfoot th{text-align:right}table.order-lines tr.total td{font-size:1.1rem}.invoice .parties{display:flex;gap:2rem;flex-wrap:wrap}
@media (max-width:640px){table.order-lines thead{display:none}table.order-lines tr{display:grid;grid-template-columns:1fr 1fr;border-bottom:1px solid var(--line)}table.order-lines td,table.order-lines th{border:0}table.order-lines td:first-child{grid-column:1/-1}}
footer{max-width:960px;margin:2rem auto;padding:1rem 1.5rem;color:var(--muted);border-top:1px solid var(--line);font-size:.9rem}
`;

export function layout(opts: { title: string; siteName: string; description?: string; user?: { email: string } | null }, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title}</title>${opts.description ? html`<meta name="description" content="${opts.description}">` : ''}
<style>${raw(STYLE)}</style></head>
<body><header class="top"><a class="brand" href="/">${opts.siteName}</a>
<nav aria-label="Main"><a href="/launches">Launches</a><a href="/categories">Categories</a><a href="/docs">API</a>
${opts.user ? html`<a href="/submit">Submit</a><a href="/drafts">Drafts</a><a href="/my/listings">My listings</a><a href="/orders">Orders</a><a href="/account">Account</a>` : html`<a href="/signin">Sign in</a><a href="/signup">Sign up</a>`}</nav></header>
<main>${body}</main>
<footer>${opts.siteName} · <a href="/docs">API reference</a> · MCP server at <code>/mcp</code></footer></body></html>`.value;
}
