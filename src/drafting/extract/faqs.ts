import type { TextBlock } from '../../crawler/page-text.js';
import type { SourcedFaq } from '../draft-content.js';
import { ldNodes, ldObjects, ldString, isType } from './json-ld.js';
import { headingLevel, sectionsCalled } from './outline.js';
import { scriptOfText } from './language.js';
import {
  dedupe,
  isBoilerplate,
  isOwnStatement,
  pagesOfKind,
  quoteLine,
  quoteOn,
  readText,
  type SiteView,
  type ViewPage,
} from './site-view.js';
import { fitText, looseKey } from './text-fit.js';
import { asks, cuePattern, hasUnspacedScript, wordCount } from './text-units.js';

export const FAQ_LIMITS = { items: 10, question: 300, answer: 1500 };
/** FAQ headings in the languages founders write in (see cuePattern for why not `\b`). */
const FAQ_WORDS =
  'faqs?|frequently asked|questions|q ?& ?a|answers|questions fréquentes|foire aux questions|vos questions|preguntas(?: frecuentes)?|dudas|perguntas(?: frequentes)?|dúvidas(?: frequentes)?|domande(?: frequenti)?|häufig gestellte fragen|häufige fragen|fragen und antworten|fragen|veelgestelde vragen|veel gestelde vragen|vragen|vraag en antwoord|vanliga frågor|frågor och svar|frågor|najczęściej zadawane pytania|częste pytania|pytania i odpowiedzi|pytania|sıkça sorulan sorular|sss|sorular|часто задаваемые вопросы|вопросы и ответы|вопросы|чаво|câu hỏi thường gặp|câu hỏi|hỏi đáp|pertanyaan umum|pertanyaan yang sering diajukan|tanya jawab|gyakori kérdések|gyik|kérdések|merak edilenler|sorular ve cevaplar|soru ve cevaplar|pertanyaan|časté dotazy|často kladené dotazy|otázky a odpovědi|dotazy|otázky|întrebări frecvente|intrebari frecvente|întrebări|intrebari';
const FAQ_JOINED = 'よくある質問|よくあるご質問|質問|常见问题|常見問題|问答|問答|問與答|자주 묻는 질문|질문';
const FAQ_SECTION = cuePattern(FAQ_WORDS, FAQ_JOINED);
const ANSWER_TAGS = new Set([
  'p',
  'dd',
  'li',
  'div',
  'td',
  'section',
  'article',
  'span',
  'address',
  'pre',
  'ul',
  'ol',
  'blockquote',
]);

/** "Q: How …?" / "A: It …": the prefixes some FAQs write out. */
/** "Q:", "Q.", "Ｑ．", or a bare "Q" icon set before the question ("Q 測定データは…？"); the same for answers. */
const Q_PREFIX = /^(?:Q(?:uestion)?\s?[:.)．：]\s*|Q\s+|Ｑ\s?[:.)．：]?\s*)(?=\S)/u;
const A_PREFIX = /^(?:A(?:nswer)?\s?[:.)．：]\s*|A\s+(?=\p{Lu}|[^\p{Script=Latin}\s])|Ａ\s?[:.)．：]?\s*)(?=\S)/u;

/**
 * Is line i the question of a pair? dt and summary in a FAQ always, elsewhere when they ask; an
 * accordion toggle or "Q:" line when it asks; a heading when it asks; a lone line on a FAQ page or in a FAQ block.
 */
/** Question words that open a question, in the languages founders write in: in a FAQ a heading may drop its "?". */
const QUESTION_WORD =
  /^(?:how|what|why|when|where|which|who|can|could|do|does|is|are|will|should|comment|pourquoi|quand|où|quel(?:le)?s?|qu['’]est-ce|est-ce|puis-je|peut-on|faut-il|cómo|qué|por ?qué|cuándo|dónde|cuál(?:es)?|quién|puedo|se puede|como|o que|por que|quando|onde|qual|quais|quem|posso|é possível|come|cosa|perché|dove|quale|quali|chi|si può|wie|was|warum|wann|wo|welche[rs]?|wer|kann|können|gibt es|hoe|wat|waarom|wanneer|waar|welke|kan ik|làm thế nào|tại sao|có thể|bao lâu|bagaimana|apa itu|apakah|mengapa|kenapa|kapan|di mana|siapa|berapa|bisakah|bolehkah|hogyan|miért|mikor|melyik|mennyi|mennyibe|lehet|quanto|quanti|quante|posso|è possibile|preciso|cuánto|cuántos|cuántas|necesito|es posible|combien|dois-je|est-il possible|wie viel|wieviel|muss ich|ist es möglich|hoeveel|moet ik|is het mogelijk|jak|co (?:to|je|jeśli|když|się|se)|dlaczego|kiedy|gdzie|któr[yaeą]|kto|czy|ile (?:kosztuje|trwa|kosztują)|mogę|proč|kdy|kde|kter[ýáé]|kdo|mohu|můžu|lze|je možné|kolik|jak[ýáé]|nasıl|neden|ne zaman|nerede|hangi|kaç|ne kadar|hur|vad|varför|när|vilken|vilka|vem (?:är|kan)|kan jag|går det|finns det|cum|ce (?:este|sunt|înseamnă|se întâmplă|face|fac)|când|unde|care (?:este|sunt)|cine (?:este|sunt|poate)|pot să|se poate|cât|câte|este posibil)(?![\p{L}])/iu;
/** Japanese, Chinese, Korean, Vietnamese and Turkish questions end on a particle, with or without a question mark. */
const QUESTION_END =
  /(?:ですか|ますか|でしょうか|とは|吗|嗎|呢|나요|까요|니까|가요|인가요|(?<![\p{L}])(?:không|chưa|gì|nào|bao nhiêu|mı|mü|miyim|mıyım|misiniz|mısınız|musunuz|müsünüz|nedir|nelerdir|nasıl|nerede))[。.]?$/u;
const asksUnmarked = (text: string) =>
  !/[.。!！:：]$/u.test(text) && (QUESTION_WORD.test(text) || QUESTION_END.test(text));

/**
 * A question as written, without what an accordion sets around it: the toggle's chevron or plus after it ("…？⌄",
 * "…? +", an invisible zero-width mark, or a Material icon's ligature "expand_more") and the item's number before it
 * ("01왜 …?", "2. Can I …?").
 */
const TOGGLE_MARK =
  /(?<=[?？]["”’)\]」』）]*)(?:[\s\p{So}\p{Sm}\p{Cf}\u2212\u2013]|expand_more|expand_less|keyboard_arrow_(?:down|up|right)|chevron_right|arrow_drop_down|add|remove)+$/u;
const ITEM_NUMBER = /^(?:0\d|\d{1,2}[.)])\s*(?=\p{L})/u;
const questionOf = (text: string) => text.replace(TOGGLE_MARK, '').replace(ITEM_NUMBER, '');

function isQuestion(block: TextBlock, inFaq: boolean): boolean {
  const b = { ...block, text: questionOf(block.text) };
  if (b.text.length > FAQ_LIMITS.question) return false;
  // "…?", "…?)" (a question in brackets closes the line), "…? ¶" (an anchor mark after a heading); "…？" in Chinese
  // and Japanese.
  const asks =
    /[?？]["”’)\]」』）]*(?:\s*[§¶#])?$/u.test(b.text) || (inFaq && b.text.length <= 150 && asksUnmarked(b.text));
  if (!asks && b.tag !== 'dt' && b.tag !== 'summary' && !/^[QＱ]/.test(b.text)) return false;
  if (isBoilerplate(b)) return false;
  if (b.tag === 'dt' || b.tag === 'summary') return inFaq || asks;
  // A bare "Q" before a line is a question only when the line asks ("Q and A sessions" is none).
  if (Q_PREFIX.test(b.text) && (asks || !/^Q\s/.test(b.text))) return true;
  if (!asks) return false;
  // Outside a FAQ a heading that asks is usually a call to action ("Ready to start?").
  if (headingLevel(b) > 1) return inFaq;
  if (b.tag === 'button' || /\baccordion\b/.test(b.within)) return true;
  return (
    (b.tag === 'p' || b.tag === 'div' || b.tag === 'li' || b.tag === 'strong') &&
    (inFaq || /\b(faq|question)\b/.test(b.within))
  );
}

/** The lines answering the question at index q: up to the next question, heading or end of its container. */
function answerLines(blocks: TextBlock[], q: number, end: number, inFaq: boolean): number[] {
  const asked = blocks[q];
  const out: number[] = [];
  for (let i = q + 1; i < end && out.length < 12; i++) {
    const b = blocks[i];
    if (headingLevel(b) || isQuestion(b, inFaq) || isBoilerplate(b)) break;
    if (asked.tag === 'dt' && b.tag !== 'dd') break;
    // The next details' summary opens the next item, whether it asks or not.
    if (asked.tag === 'summary' && (!/\bdetails\b/.test(b.within) || b.tag === 'summary')) break;
    // A list of questions (each a link to its answer page) is an index: the next item is another entry, not an answer.
    if (asked.tag === 'li' && b.tag === 'li') break;
    if (ANSWER_TAGS.has(b.tag)) out.push(i);
  }
  return out;
}

const answerLike = (text: string) => wordCount(text) >= 3 || /[.!。！]\s*$/u.test(text);

/**
 * Summaries of a run of details elements most of which ask: an accordion of questions, where an item may be worded as
 * a statement ("I found a wrong address") and is still one of them.
 */
function askingSummaries(blocks: TextBlock[], start: number, end: number): Set<number> {
  const out = new Set<number>();
  let run: number[] = [];
  const close = () => {
    if (run.length >= 2 && run.filter((i) => asks(blocks[i].text)).length * 2 >= run.length)
      for (const i of run) out.add(i);
    run = [];
  };
  for (let i = start; i < end; i++) {
    const b = blocks[i];
    if (b.tag === 'summary') run.push(i);
    else if (!/\bdetails\b/.test(b.within)) close();
  }
  close();
  return out;
}

/**
 * Questions of a run of three or more, each a line that asks followed by its answer with nothing else between: a FAQ
 * whatever its heading says (a heading that asks alone is a call to action; three in a row, each answered, are not).
 */
function questionRuns(blocks: TextBlock[], start: number, end: number): Set<number> {
  const out = new Set<number>();
  // A question of a few words ("Need help?", "Found a bug?") calls to act; a FAQ's questions say more.
  const asking = (b: TextBlock) =>
    isOwnStatement(b) &&
    b.text.length <= FAQ_LIMITS.question &&
    (hasUnspacedScript(b.text) || /\p{Script=Hangul}/u.test(b.text) ? b.text.length >= 6 : wordCount(b.text) >= 4) &&
    /^(?:h[2-6]|p|div|strong|dt|li|button|summary)$/.test(b.tag) &&
    (asks(questionOf(b.text)) || (headingLevel(b) > 0 && asksUnmarked(questionOf(b.text))));
  let run: number[] = [];
  // Where the next question must stand for the run to go on: right after the last answer.
  let next = -1;
  const close = () => {
    if (run.length >= 3) for (const i of run) out.add(i);
    run = [];
  };
  for (let i = start; i < end; i++) {
    if (!asking(blocks[i])) continue;
    // Its answer: one to four lines that do not ask, up to the next question.
    let j = i + 1;
    while (j < end && j - i <= 4 && !asking(blocks[j]) && !headingLevel(blocks[j]) && answerLike(blocks[j].text)) j++;
    if (i !== next) close();
    if (j === i + 1) continue;
    run.push(i);
    next = j;
    i = j - 1;
  }
  close();
  return out;
}

/**
 * The questions and answers between start and end: in a FAQ (inFaq) every question; outside one, those an accordion or
 * a details element holds, or (byShape) only those of a run of answered questions (see questionRuns).
 */
function faqsOnPage(page: ViewPage, start: number, end: number, inFaq: boolean, byShape = false): SourcedFaq[] {
  const out: SourcedFaq[] = [];
  const asked: string[] = [];
  const runs = byShape ? questionRuns(page.blocks, start, end) : undefined;
  const accordion = inFaq || runs ? new Set<number>() : askingSummaries(page.blocks, start, end);
  for (let i = start; i < end; i++) {
    const b = page.blocks[i];
    if (runs && !runs.has(i)) continue;
    const faqLike = inFaq || accordion.has(i) || !!runs?.has(i);
    if (!isQuestion(b, faqLike)) {
      const inline = faqLike ? inlinePair(b) : undefined;
      if (inline && !asked.includes(inline.question)) {
        asked.push(inline.question);
        const at = b.text.length - inline.rest.length;
        const evidence = dedupe([
          quoteLine(page, b.text, 0, inline.question.length),
          quoteLine(page, b.text, at, inline.rest.length),
        ]);
        const answer = fitText(inline.rest.replace(A_PREFIX, ''), FAQ_LIMITS.answer);
        if (evidence.length && answer) out.push({ question: inline.question.replace(Q_PREFIX, ''), answer, evidence });
      }
      continue;
    }
    // "Read more: How does it work?" after "How does it work?": a link to the answer, repeating the question.
    if (asked.some((q) => b.text.length > q.length && b.text.endsWith(q))) continue;
    asked.push(b.text);
    const lines = answerLines(page.blocks, i, end, faqLike);
    // Lines of one or two words that end no sentence ("Sponsor", "Change language") are the next menu entries, not an
    // answer.
    if (!lines.some((l) => answerLike(page.blocks[l].text))) continue;
    // The "Q:"/"A:" prefixes are layout, not part of the question or answer (both still quoted whole).
    // Anchor marks ("§", "¶", "#") after a heading are links to it, not part of the question.
    const question = questionOf(b.text)
      .replace(Q_PREFIX, '')
      .replace(/\s*[§¶#]$/, '');
    const answer = fitText(
      lines.map((l, k) => (k === 0 ? page.blocks[l].text.replace(A_PREFIX, '') : page.blocks[l].text)).join('\n'),
      FAQ_LIMITS.answer,
    );
    const evidence = dedupe([quoteLine(page, b.text), ...lines.map((l) => quoteLine(page, page.blocks[l].text))]);
    if (evidence.length >= 2 && question.length >= 5 && answer) out.push({ question, answer, evidence });
    i = lines[lines.length - 1];
  }
  return out;
}

/**
 * A question and its answer on one line: "<p><strong>Can I cancel?</strong> Yes, at any time.</p>", as in a FAQ written
 * in a page editor. Only inside a FAQ, where a line that opens with a question is one.
 */
function inlinePair(b: TextBlock): { question: string; rest: string } | undefined {
  if (!/^(?:p|li|div|dd)$/.test(b.tag) || isBoilerplate(b)) return undefined;
  const m = /^(.{5,300}?[?？])\s*(\S.*)$/u.exec(b.text);
  if (!m || !answerLike(m[2]) || asks(m[2]) || m[2].length < 10) return undefined;
  // It opens with a question word ("Can I…?", "Comment…?") or ends on a question particle ("…ますか？"): "Still have
  // questions? Write to us." closing a FAQ is an invitation, not a question and its answer.
  const question = m[1].replace(Q_PREFIX, '');
  if (!QUESTION_WORD.test(question) && !QUESTION_END.test(question.replace(/[?？]$/u, ''))) return undefined;
  // "Can't find what you're looking for?", "Noch Fragen?": a question about questions, or a negated one, invites.
  if (/^\p{L}+n['’]t(?![\p{L}])/iu.test(question) || FAQ_SECTION.test(question)) return undefined;
  return { question: m[1], rest: m[2] };
}

/** FAQPage JSON-LD, for answers written as plain text (HTML answers are taken from the visible page instead). */
function faqsFromJsonLd(pages: ViewPage[]): SourcedFaq[] {
  const out: SourcedFaq[] = [];
  const scripts = new Map<ViewPage, string | undefined>();
  const scriptOfPage = (page: ViewPage) => {
    if (!scripts.has(page)) scripts.set(page, scriptOfText(readText(page).slice(0, 20_000)));
    return scripts.get(page);
  };
  for (const q of ldNodes(pages).filter((n) => isType(n, ['Question']))) {
    const question = ldString(q.data, 'name');
    const answer = ldObjects(q.data, 'acceptedAnswer')
      .map((a) => ldString(a, 'text'))
      .find(Boolean);
    if (!question || !answer || /<[a-z]/i.test(answer) || question.length > FAQ_LIMITS.question) continue;
    // Structured data left in another language than the page (an English FAQ under a Japanese page): the draft keeps
    // the site's language.
    const script = scriptOfText(`${question} ${answer}`);
    const pageScript = scriptOfPage(q.page);
    if (script && pageScript && script !== pageScript) continue;
    const text = fitText(answer.replace(/\s+/g, ' '), FAQ_LIMITS.answer);
    const evidence = dedupe([quoteOn(q.page, 'head', question), quoteOn(q.page, 'head', text)]);
    if (evidence.length === 2) out.push({ question, answer: text, evidence });
  }
  return out;
}

/** A page that is a FAQ whatever its address: its first heading, or its title, says so (in any language). */
const isFaqPage = (page: ViewPage) =>
  page.kind === 'faq' ||
  FAQ_PAGE.test(page.blocks.find((b) => headingLevel(b))?.text ?? '') ||
  FAQ_PAGE.test(page.title);
const FAQ_PAGE = new RegExp(`^(?:(?:${FAQ_WORDS})(?![\\p{L}\\p{N}_])|${FAQ_JOINED})`, 'iu');

/**
 * Questions and answers from FAQ pages, FAQ sections of the other own pages (any heading saying
 * FAQ, Questions, Frequently asked), questions that open and close (details/summary, accordion
 * toggles) anywhere on them, and FAQPage JSON-LD; each once.
 */
export const extractFaqs = (site: SiteView): SourcedFaq[] => allFaqs(site).slice(0, FAQ_LIMITS.items);

/** Every FAQ of the site, each once, in page order (the draft keeps the first FAQ_LIMITS.items). */
export function allFaqs(site: SiteView): SourcedFaq[] {
  const found: SourcedFaq[] = [];
  const own = pagesOfKind(site, 'faq', 'homepage', 'pricing', 'features', 'about', 'contact', 'page', 'team');
  for (const page of own.filter(isFaqPage)) found.push(...faqsOnPage(page, 0, page.blocks.length, true));
  // Questions found by their shape alone (a run of answered questions) come after all the others, whatever their page.
  const unnamed: SourcedFaq[] = [];
  for (const page of own.filter((p) => !isFaqPage(p))) {
    const sections = sectionsCalled(page.blocks, FAQ_SECTION);
    for (const s of sections) found.push(...faqsOnPage(page, s.start, s.end, true));
    // Outside those sections only questions that ask: a details/summary, an accordion, a run of answered questions.
    let from = 0;
    for (const s of [
      ...sections.map((x) => ({ heading: x.heading, end: x.end })),
      { heading: page.blocks.length, end: page.blocks.length },
    ]) {
      if (s.heading > from) {
        found.push(...faqsOnPage(page, from, s.heading, false));
        unnamed.push(...faqsOnPage(page, from, s.heading, false, true));
      }
      from = Math.max(from, s.end);
    }
  }
  found.push(...unnamed);
  found.push(...faqsFromJsonLd(site.pages));
  const seen = new Set<string>();
  const out: SourcedFaq[] = [];
  for (const f of found) {
    const key = looseKey(f.question);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}
