/**
 * Questions and answers that a page's script data holds for an accordion drawn in the browser: the Next.js
 * `__NEXT_DATA__` props, a Nuxt payload (`__NUXT_DATA__`, whose objects point at their values by index) or any other
 * `<script type="application/json">`. The questions are on the page; their answers are only in the data until a
 * visitor opens them.
 */

export interface ScriptFaq {
  question: string;
  answer: string;
}

/** Keys a question or an answer goes by in the data of site builders and headless CMSs. */
const QUESTION_KEY = /^(?:question|q|title|name|heading|summary|label|faq_?question|question_?text)$/i;
const ANSWER_KEY = /^(?:answer|a|content|body|text|description|details|faq_?answer|answer_?text|value|copy)$/i;
const ASKS = /[?？]\s*$/u;
/** Chinese, Japanese and Korean say in a few characters what takes words elsewhere. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Nothing larger is read: a page's data beyond this is catalogues, not its FAQ. */
const MAX_SCRIPT = 2_000_000;
const MAX_NODES = 200_000;
const MAX_ANSWER = 3000;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const stripTags = (s: string) => oneLine(s.replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' '));

/**
 * The text of an answer: a string (HTML tags dropped), or a rich-text document's text nodes in order (Contentful's
 * `content[].value`, Portable Text's `children[].text`).
 */
function textOf(value: unknown, resolve: (v: unknown) => unknown, depth = 0): string {
  const v = resolve(value);
  if (typeof v === 'string') return stripTags(v);
  if (depth > 8 || !v || typeof v !== 'object') return '';
  const parts: string[] = [];
  const children = Array.isArray(v) ? v : Object.entries(v).filter(([k]) => /^(content|children|value|text)$/.test(k));
  for (const c of children) {
    const t = textOf(Array.isArray(v) ? c : (c as [string, unknown])[1], resolve, depth + 1);
    if (t) parts.push(t);
    if (parts.join(' ').length > MAX_ANSWER) break;
  }
  return oneLine(parts.join(' '));
}

/** The question and answer an object of the data holds, if it holds a pair. */
function pairOf(item: Record<string, unknown>, resolve: (v: unknown) => unknown): ScriptFaq | undefined {
  const entries = Object.entries(item);
  const question = entries
    .filter(([k]) => QUESTION_KEY.test(k))
    .map(([, x]) => resolve(x))
    .find((x): x is string => typeof x === 'string' && ASKS.test(x) && x.length <= 300);
  if (!question) return undefined;
  const answer = entries
    .filter(([k]) => ANSWER_KEY.test(k))
    .map(([, x]) => textOf(x, resolve))
    .find((t) => t.split(/\s+/).length >= 3 || t.length >= (CJK.test(t) ? 6 : 15));
  return answer && !ASKS.test(answer)
    ? { question: oneLine(question), answer: answer.slice(0, MAX_ANSWER) }
    : undefined;
}

/** A devalue payload (Nuxt's `__NUXT_DATA__`, SvelteKit's): one array opening with a type marker ("ShallowReactive"). */
const isPayload = (data: unknown): data is unknown[] =>
  Array.isArray(data) && Array.isArray(data[0]) && typeof data[0][0] === 'string' && data.length > 1;

/**
 * Pairs found in the script data whose question is shown on the page (`visible`, the page's text): an object with a
 * question that asks and an answer of a few words beside it.
 */
export function scriptFaqs(scripts: string[], visible: string): ScriptFaq[] {
  const out: ScriptFaq[] = [];
  const seen = new Set<string>();
  for (const raw of scripts) {
    if (raw.length > MAX_SCRIPT || !/[?？]/.test(raw)) continue;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      continue;
    }
    // A payload's objects hold indexes into the payload rather than values.
    const table = isPayload(data) ? data : null;
    const resolve = (v: unknown) =>
      table && typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < table.length ? table[v] : v;
    const stack: unknown[] = [data];
    for (let nodes = 0; stack.length && nodes < MAX_NODES; nodes++) {
      const v = stack.pop();
      if (!v || typeof v !== 'object') continue;
      const children = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
      if (!Array.isArray(v)) {
        const pair = pairOf(v as Record<string, unknown>, resolve);
        if (pair && visible.includes(pair.question) && !seen.has(pair.question)) {
          seen.add(pair.question);
          out.push(pair);
        }
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return out;
}
