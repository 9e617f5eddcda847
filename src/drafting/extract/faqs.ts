import type { TextBlock } from '../../crawler/page-text.js';
import type { SourcedFaq } from '../draft-content.js';
import { ldNodes, ldObjects, ldString, isType } from './json-ld.js';
import { headingLevel, sectionsNamed } from './outline.js';
import { dedupe, isBoilerplate, pagesOfKind, quoteLine, quoteOn, type SiteView, type ViewPage } from './site-view.js';
import { fitText, looseKey } from './text-fit.js';

export const FAQ_LIMITS = { items: 10, question: 300, answer: 1500 };
const FAQ_SECTION = /\b(faqs?|frequently asked|questions|q ?& ?a)\b/i;
const ANSWER_TAGS = new Set(['p', 'dd', 'li', 'div', 'td', 'section', 'article', 'span', 'address', 'pre']);

/** Is line i the question of a pair? dt and summary always; a heading or a lone line only when it asks. */
function isQuestion(b: TextBlock, onFaqPage: boolean): boolean {
  if (b.text.length > FAQ_LIMITS.question || isBoilerplate(b)) return false;
  if (b.tag === 'dt' || b.tag === 'summary') return true;
  if (!b.text.endsWith('?')) return false;
  if (headingLevel(b) > 1) return true;
  return (b.tag === 'p' || b.tag === 'div' || b.tag === 'li') && (onFaqPage || /\b(faq|question)\b/.test(b.within));
}

/** The lines answering the question at index q: up to the next question, heading or end of its container. */
function answerLines(blocks: TextBlock[], q: number, end: number, onFaqPage: boolean): number[] {
  const asked = blocks[q];
  const out: number[] = [];
  for (let i = q + 1; i < end && out.length < 12; i++) {
    const b = blocks[i];
    if (headingLevel(b) || isQuestion(b, onFaqPage) || isBoilerplate(b)) break;
    if (asked.tag === 'dt' && b.tag !== 'dd') break;
    if (asked.tag === 'summary' && !/\bdetails\b/.test(b.within)) break;
    if (ANSWER_TAGS.has(b.tag)) out.push(i);
  }
  return out;
}

function faqsOnPage(page: ViewPage, start: number, end: number): SourcedFaq[] {
  const onFaqPage = page.kind === 'faq';
  const out: SourcedFaq[] = [];
  for (let i = start; i < end; i++) {
    const b = page.blocks[i];
    if (!isQuestion(b, onFaqPage)) continue;
    const lines = answerLines(page.blocks, i, end, onFaqPage);
    if (!lines.length) continue;
    const answer = fitText(lines.map((l) => page.blocks[l].text).join('\n'), FAQ_LIMITS.answer);
    const evidence = dedupe([quoteLine(page, b.text), ...lines.map((l) => quoteLine(page, page.blocks[l].text))]);
    if (evidence.length >= 2) out.push({ question: b.text, answer, evidence });
    i = lines[lines.length - 1];
  }
  return out;
}

/** FAQPage JSON-LD, for answers written as plain text (HTML answers are taken from the visible page instead). */
function faqsFromJsonLd(pages: ViewPage[]): SourcedFaq[] {
  const out: SourcedFaq[] = [];
  for (const q of ldNodes(pages).filter((n) => isType(n, ['Question']))) {
    const question = ldString(q.data, 'name');
    const answer = ldObjects(q.data, 'acceptedAnswer').map((a) => ldString(a, 'text')).find(Boolean);
    if (!question || !answer || /<[a-z]/i.test(answer) || question.length > FAQ_LIMITS.question) continue;
    const text = fitText(answer.replace(/\s+/g, ' '), FAQ_LIMITS.answer);
    const evidence = dedupe([quoteOn(q.page, 'head', question), quoteOn(q.page, 'head', text)]);
    if (evidence.length === 2) out.push({ question, answer: text, evidence });
  }
  return out;
}

/** Questions and answers from the FAQ page, FAQ sections of other own pages, and FAQPage JSON-LD; each once. */
export function extractFaqs(site: SiteView): SourcedFaq[] {
  const found: SourcedFaq[] = [];
  for (const page of pagesOfKind(site, 'faq')) found.push(...faqsOnPage(page, 0, page.blocks.length));
  for (const page of pagesOfKind(site, 'homepage', 'pricing', 'features', 'about', 'contact')) {
    for (const s of sectionsNamed(page.blocks, FAQ_SECTION)) found.push(...faqsOnPage(page, s.start, s.end));
  }
  found.push(...faqsFromJsonLd(site.pages));
  const seen = new Set<string>();
  const out: SourcedFaq[] = [];
  for (const f of found) {
    const key = looseKey(f.question);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
    if (out.length >= FAQ_LIMITS.items) break;
  }
  return out;
}
