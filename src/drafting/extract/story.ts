import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import type { Proposal, SourcedMilestone, StorySection } from '../draft-content.js';
import { datedLine, leadingDate } from './milestone-dates.js';
import { headingLevel, sectionsOf } from './outline.js';
import { dedupe, isOwnStatement, pagesOfKind, propose, quoteLine, type SiteView, type ViewPage } from './site-view.js';
import { fitText } from './text-fit.js';
import { cuePattern, wordCount } from './text-units.js';

export const STORY_LIMIT = 8000;
export const MILESTONE_LIMITS = { items: 20, title: 200, description: 2000 };

/** Headings that clearly name a part of the founder story. */
const SECTION_HEADINGS: [StorySection, RegExp][] = [
  [
    'why_started',
    /\bwhy (?:we|i) (?:started|built|exist|founded|created|began|made)\b|\bwhy \S+ exists\b|\bour why\b|\borigins?\b|\bhow (?:it|we|this) (?:all )?(?:started|began)\b/i,
  ],
  ['problem', /\bthe problem\b|\bproblem (?:we|i) (?:solve|saw|had)\b/i],
  ['journey', /\bjourney\b|\bhow we got here\b|\bour path\b/i],
  ['challenges', /\bchallenges?\b|\bhard parts?\b|\bobstacles?\b/i],
  ['achievements', /\bachievements?\b|\bwhat we(?:'|’)ve (?:achieved|built)\b|\bby the numbers\b/i],
  ['lessons', /\blessons?\b|\bwhat we(?:'|’)ve learn(?:ed|t)\b|\blearnings\b/i],
  [
    'whats_next',
    /\bwhat(?:'|’)?s next\b|\bwhat comes next\b|\bthe road ahead\b|\blooking ahead\b|\broadmap\b|\bnext for\b/i,
  ],
  [
    'story',
    cuePattern(
      'our story|the story|notre histoire|nuestra historia|nossa história|la nostra storia|a nossa história|unsere geschichte|ons verhaal|nasza historia|hikayemiz|cerita kami|kisah kami|vår historia|náš příběh|povestea noastră|povestea noastra',
      '私たちのストーリー|私たちの物語|我们的故事|我們的故事|우리의 이야기|우리 이야기',
    ),
  ],
  ['story', /^story$/i],
];
/** Headings of parts of an about page that are not the story. */
const OTHER_TOPICS = cuePattern(
  'team|people|founders?|timeline|milestones?|history|values|careers|jobs|hiring|contact|faqs?|questions|press|investors|backed by|customers|testimonials|partners|pricing|équipe|equipo|equipe|squadra|carrières|empleo|carreiras|karriere|contacto|contato|contatti|kontakt|tarifs|precios|preços|prezzi|preise|equipa|zespół|ekip|tim kami|tým|echipa|echipă|oprichters|fondatori|fundadores|zakladatelé|kurucular|pendiri|grundare|iletişim|kontak|prijzen|priser|cennik|fiyatlar|harga|ceník|prețuri',
  'チーム|沿革|採用|お問い合わせ|よくある質問|料金|团队|團隊|发展历程|招聘|联系我们|常见问题|价格|팀|연혁|채용|문의|자주 묻는 질문|가격',
);
const GENERIC_TITLE =
  /^(about|about us|about \S+|our story|story|who we are|company|our company|the team|team|hello)$/i;
const PROSE = new Set(['p', 'div', 'section', 'article', 'main', 'body']);
const NOT_STORY = /\b(team|member|founder|person|bio|timeline|milestone|history|testimonial|faq|pricing)\b/;

const sectionOf = (heading: string): StorySection | null =>
  SECTION_HEADINGS.find(([, re]) => re.test(heading))?.[0] ?? null;
const isProse = (b: TextBlock) =>
  PROSE.has(b.tag) && isOwnStatement(b) && !NOT_STORY.test(b.within) && wordCount(b.text) >= 6 && !datedLine(b.text);

function joined(page: ViewPage, lines: TextBlock[]): Proposal<string> | undefined {
  const text = fitText(lines.map((l) => l.text).join('\n\n'), STORY_LIMIT);
  return lines.length
    ? propose(
        text,
        lines.map((l) => quoteLine(page, l.text)),
      )
    : undefined;
}

/** The founder story of the about page: named sections, and the narrative paragraphs as `story`. */
export function extractStory(site: SiteView): Partial<Record<StorySection, Proposal<string>>> {
  const out: Partial<Record<StorySection, Proposal<string>>> = {};
  const page = pagesOfKind(site, 'about')[0];
  if (!page) return out;
  const { blocks } = page;
  const claimed = new Set<number>();
  const sections = sectionsOf(blocks);
  for (const s of sections) {
    const key = sectionOf(blocks[s.heading].text);
    if (!key || out[key]) continue;
    const lines: TextBlock[] = [];
    for (let i = s.start; i < s.end; i++) {
      const b = blocks[i];
      // A sub-heading that names another part, or another topic, ends this part.
      if (headingLevel(b) && (sectionOf(b.text) || OTHER_TOPICS.test(b.text))) break;
      if (isProse(b)) {
        lines.push(b);
        claimed.add(i);
      }
    }
    const p = joined(page, lines);
    if (p) out[key] = p;
  }
  if (!out.story) {
    // No "Our story" heading: the narrative paragraphs that belong to no other part are the story.
    const excluded = new Set<number>(claimed);
    for (const s of sections) {
      if (OTHER_TOPICS.test(blocks[s.heading].text) || sectionOf(blocks[s.heading].text))
        for (let i = s.start; i < s.end; i++) excluded.add(i);
    }
    const lines = blocks.filter((b, i) => !excluded.has(i) && isProse(b) && wordCount(b.text) >= 12).slice(0, 6);
    const p = joined(page, lines);
    if (p) out.story = p;
  }
  const h1 = blocks.find((b) => b.tag === 'h1');
  if (out.story && h1 && !GENERIC_TITLE.test(h1.text) && h1.text.length <= 200) {
    const p = propose(h1.text, [quoteLine(page, h1.text)]);
    if (p) out.title = p;
  }
  return out;
}

const TIMELINE = /\b(timeline|milestones?|history|journey|how we got here|so far)\b/i;
const DATED_TAGS = new Set(['li', 'p', 'dt', 'dd', 'div', 'h3', 'h4', 'h5', 'h6', 'td', 'tr', 'time']);

/** "First sentence. The rest" → title and description within their limits. */
function splitTitle(text: string): { title: string; description?: string } {
  // A Chinese or Japanese sentence ends at 。 or ！ with no space after it.
  const stop = text.search(/[.!](\s|$)|[。！]/);
  if (stop > 0 && stop < text.length - 1) {
    const title = text.slice(0, stop + 1).replace(/\.$/, '');
    const description = text.slice(stop + 1).trim();
    if (title.length <= MILESTONE_LIMITS.title)
      return { title, ...(description ? { description: fitText(description, MILESTONE_LIMITS.description) } : {}) };
  }
  return { title: fitText(text, MILESTONE_LIMITS.title) };
}

/** Dated timeline entries of the about page (or homepage): "March 2022 — Launched v1" → 2022-03-01 "Launched
 *  v1". */
export function extractMilestones(site: SiteView): SourcedMilestone[] {
  const out: SourcedMilestone[] = [];
  for (const page of pagesOfKind(site, 'about', 'homepage')) {
    const { blocks } = page;
    const inTimeline = new Set<number>();
    for (const s of sectionsOf(blocks))
      if (TIMELINE.test(blocks[s.heading].text)) for (let i = s.start; i < s.end; i++) inTimeline.add(i);
    const entries: { date: string; text: string; evidence: (Evidence | null)[]; index: number }[] = [];
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i];
      if (!DATED_TAGS.has(b.tag) || !isOwnStatement(b) || b.text.length > 2000) continue;
      const entry = datedLine(b.text);
      if (entry) {
        entries.push({ date: entry.date, text: entry.title, evidence: [quoteLine(page, b.text)], index: i });
        continue;
      }
      // A date on its own line (<dt>, <h3>, <time>) followed by what happened.
      const d = leadingDate(b.text);
      const next = blocks[i + 1];
      if (
        d &&
        d.length === b.text.length &&
        next &&
        !leadingDate(next.text) &&
        !headingLevel(next) &&
        isOwnStatement(next)
      ) {
        entries.push({
          date: d.date,
          text: next.text,
          evidence: [quoteLine(page, b.text), quoteLine(page, next.text)],
          index: i,
        });
        i++;
      }
    }
    // A lone dated sentence is not a timeline: entries count when a timeline section or hint holds them, or when there
    // are several.
    const timeline = entries.filter(
      (e) => inTimeline.has(e.index) || /\b(timeline|milestone|history)\b/.test(blocks[e.index].within),
    );
    // On the homepage dated lists are usually blog posts: only a named timeline counts there.
    const chosen = timeline.length ? timeline : entries.length >= 3 && page.kind === 'about' ? entries : [];
    for (const e of chosen) {
      const evidence = dedupe(e.evidence);
      if (!evidence.length) continue;
      out.push({ date: e.date, ...splitTitle(e.text), evidence });
      if (out.length >= MILESTONE_LIMITS.items) return out;
    }
    if (out.length) return out;
  }
  return out;
}
