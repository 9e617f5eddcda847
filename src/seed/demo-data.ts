// Demo content for Launchdeck: a category tree, founders, ~340 listings with launches,
// reviews and stories, blog posts and interview questions. Pure data, built procedurally
// from hand-written archetypes so every listing reads differently; another module inserts it.
// Deterministic: everything is drawn from a seeded Rng, never from Math.random or the clock,
// and dates are either offsets from "now" or fixed calendar dates before MILESTONE_CUTOFF.
import type {
  DemoBlogPost,
  DemoCategory,
  DemoData,
  DemoFaq,
  DemoFounder,
  DemoListing,
  DemoMilestone,
  DemoReview,
  DemoStory,
} from './demo-types.js';
import { Rng } from './random.js';
import { slugify } from '../domain/listings/slugs.js';

// ───────────────────────────── limits and shared helpers
// ─────────────────────────────

/** Field limits from demo-types.ts, exported so tests and importers check the same numbers. */
export const DEMO_LIMITS = {
  faqQuestion: 300,
  faqAnswer: 1500,
  tagline: 200,
  shortDescription: 300,
  description: 20000,
  headline: 200,
  seoTitle: 70,
  seoDescription: 170,
  listItems: 20,
  listItemLength: 200,
  listingFaqs: 6,
  extraCategories: 3,
} as const;

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,219}$/;

/** Keys allowed in listing socials: the one list of drafting. */
export { SOCIAL_KEYS } from '../drafting/draft-content.js';

/** Nullable profile fields, keyed by the snake_case name used in notFoundOnWebsite
 *  (the column names of `companies`). A field is null exactly when it is listed there. */
export const NOT_FOUND_FIELDS = {
  logo_url: 'logoUrl',
  pricing_summary: 'pricingSummary',
  country: 'country',
  city: 'city',
  founded_year: 'foundedYear',
  contact_email: 'contactEmail',
  demo_video_url: 'demoVideoUrl',
} as const satisfies Record<string, keyof DemoListing>;

/** Milestones carry real calendar dates; keeping them before this day keeps them in the
 *  past whenever the seed is run, without reading the clock. */
export const MILESTONE_CUTOFF = '2026-09-30';

export { slugify };

/** Accent- and case-insensitive key, for uniqueness checks on names. */
export function foldName(text: string): string {
  return slugify(text).replace(/-/g, '');
}

function cap(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

// Letters whose spoken name starts with a vowel sound ("an SEO tool", "a UI kit").
const VOWEL_SOUND_LETTERS = new Set(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']);

/** English indefinite article for a phrase. */
function a(phrase: string): string {
  const first = phrase.split(/[\s/-]/)[0] ?? '';
  let an: boolean;
  if (first.length > 1 && first === first.toUpperCase() && /^[A-Z]/.test(first)) {
    an = VOWEL_SOUND_LETTERS.has(first.charAt(0)); // acronym: read letter by letter
  } else {
    const w = first.toLowerCase();
    an = /^[aeio]/.test(w) || (/^u/.test(w) && !/^(uni|use|usu|ure|uti)/.test(w)) || /^hour/.test(w);
  }
  return `${an ? 'an' : 'a'} ${phrase}`;
}

/** Exported for the synthetic generator, which writes from the same vocabulary. */
export { a as withArticle };

/** "a", "a and b", "a, b and c". */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Cuts at a word boundary so a limit is never exceeded; the last resort when no template fits. */
function clamp(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}

/** The first candidate within the limit, trying the preferred one first. */
function fit(candidates: readonly string[], max: number): string {
  for (const c of candidates) if (c.length <= max) return c;
  return clamp(candidates[candidates.length - 1] ?? '', max);
}

/** 5400 → "5,400" without depending on the runtime's locale data. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// ───────────────────────────── comparison attributes
// ─────────────────────────────

interface AttrDef {
  label: string;
  values: readonly string[];
}

// Each category lists some of these keys; listings fill them with one of the values.
const ATTRS: Record<string, AttrDef> = {
  open_source: { label: 'Open source', values: ['yes', 'no'] },
  self_hosted: { label: 'Self-hosting', values: ['yes', 'no', 'enterprise plan only'] },
  api: { label: 'Public API', values: ['REST', 'GraphQL', 'REST and GraphQL', 'REST and webhooks', 'none'] },
  integrations: { label: 'Integrations', values: ['a handful', '10+', '30+', '100+', 'via automation tools'] },
  free_plan: { label: 'Free plan', values: ['yes', 'no', 'free trial only'] },
  platforms: {
    label: 'Platforms',
    values: [
      'Web',
      'Web, macOS, Windows',
      'Web, iOS, Android',
      'macOS, iOS',
      'Windows, macOS, Linux',
      'Web, desktop and mobile',
    ],
  },
  offline_mode: { label: 'Works offline', values: ['yes', 'no', 'read-only'] },
  collaboration: { label: 'Real-time collaboration', values: ['yes', 'no', 'comments only'] },
  export_formats: {
    label: 'Export formats',
    values: ['PNG, SVG, PDF', 'SVG, PDF', 'PNG, JPG', 'SVG and code', 'HTML and CSS'],
  },
  team_seats: { label: 'Seats included', values: ['1', '3', '5', '10', 'unlimited'] },
  models: {
    label: 'Models',
    values: ['own model', 'several hosted providers', 'open-weight models', 'bring your own key'],
  },
  data_retention: { label: 'Data retention', values: ['none', '30 days', '90 days', 'configurable'] },
  currencies: { label: 'Currencies', values: ['USD only', 'USD, EUR, GBP', '30+', '100+'] },
  bank_sync: { label: 'Bank sync', values: ['yes', 'no', 'EU and UK banks', 'US banks only'] },
  compliance: { label: 'Compliance', values: ['SOC 2', 'GDPR', 'SOC 2 and GDPR', 'PCI DSS', 'in progress'] },
  crm_sync: { label: 'CRM sync', values: ['two-way', 'one-way', 'none'] },
  gdpr: { label: 'Consent needed', values: ['no, cookie-free', 'yes, uses cookies', 'configurable'] },
  certificates: { label: 'Certificates', values: ['yes', 'no', 'paid add-on'] },
  languages: { label: 'Languages', values: ['English', 'English and Spanish', '10+', '30+'] },
  wearables: {
    label: 'Wearable sync',
    values: ['phone health apps', 'most smartwatches', 'chest straps and watches', 'none'],
  },
  hipaa: { label: 'HIPAA', values: ['compliant', 'BAA on request', 'not applicable'] },
  custom_domain: { label: 'Custom domain', values: ['yes', 'paid plans', 'no'] },
  templates: { label: 'Templates', values: ['10+', '50+', '200+', 'none'] },
  sdk_languages: {
    label: 'SDKs',
    values: ['JavaScript and Python', 'JavaScript, Python, Go', '10+ languages', 'JavaScript only'],
  },
  runners: {
    label: 'Hosted runners',
    values: ['Linux', 'Linux and macOS', 'Linux, macOS, Windows', 'self-hosted only'],
  },
  alert_channels: {
    label: 'Alert channels',
    values: ['email and team chat', 'email, SMS, chat, webhooks', 'phone calls and SMS', 'webhooks only'],
  },
  backups: { label: 'Point-in-time recovery', values: ['yes', 'no', 'paid plans'] },
  hosting_region: { label: 'Hosting regions', values: ['US', 'EU', 'US and EU', 'any region'] },
  code_languages: {
    label: 'Languages analysed',
    values: ['JavaScript and TypeScript', '10+ languages', '30+ languages', 'any (language-agnostic)'],
  },
  browsers: { label: 'Browsers', values: ['Chromium', 'Chromium, Firefox, WebKit', 'all major browsers and mobile'] },
  sync: { label: 'Sync', values: ['end-to-end encrypted', 'cloud', 'local-first', 'none'] },
  mobile_app: { label: 'Mobile app', values: ['iOS and Android', 'iOS only', 'Android only', 'no'] },
  calendar_providers: {
    label: 'Calendar providers',
    values: ['major cloud calendars', 'cloud calendars and CalDAV', 'one provider'],
  },
  plugins: { label: 'Plugin ecosystem', values: ['none', 'growing', 'large'] },
  user_testing: { label: 'Built-in user testing', values: ['yes', 'no', 'paid add-on'] },
  licence: { label: 'Licence', values: ['commercial use included', 'personal use only', 'attribution required'] },
  frameworks: { label: 'Frameworks', values: ['React', 'React and Vue', 'framework-agnostic', 'web components'] },
  ab_testing: { label: 'A/B testing', values: ['yes', 'no'] },
  keyword_db: { label: 'Keyword database', values: ['US only', '50+ countries', 'worldwide'] },
  channels: { label: 'Social networks', values: ['3', '6', '10+'] },
  human_approval: { label: 'Human approval step', values: ['yes', 'no', 'optional'] },
  resolution: { label: 'Max resolution', values: ['1024 px', '2048 px', '4K'] },
  voices: { label: 'Voices', values: ['20+', '100+', 'custom voice cloning'] },
  tracing: { label: 'Tracing', values: ['yes', 'no'] },
  tax: { label: 'Sales tax and VAT', values: ['yes', 'no', 'EU VAT only'] },
  multi_entity: { label: 'Multiple entities', values: ['yes', 'no'] },
  payouts: { label: 'Payout speed', values: ['daily', 'two days', 'weekly'] },
  warmup: { label: 'Inbox warm-up', values: ['built-in', 'no', 'paid add-on'] },
  e_signature: { label: 'E-signature', values: ['built-in', 'via integration', 'no'] },
  script_size: { label: 'Script size', values: ['under 1 KB', 'under 2 KB', 'under 5 KB', 'no script (server logs)'] },
  session_replay: { label: 'Session replay', values: ['yes', 'no'] },
  connectors: { label: 'Data connectors', values: ['10+', '50+', '100+', 'SQL databases only'] },
  logic_jumps: { label: 'Logic jumps', values: ['yes', 'no', 'paid plans'] },
  live_classes: { label: 'Live classes', values: ['yes', 'no'] },
  payments_builtin: { label: 'Built-in payments', values: ['yes', 'no', 'via integration'] },
  coach_chat: { label: 'Human coaching', values: ['yes', 'no', 'paid add-on'] },
  barcode_scan: { label: 'Barcode scanner', values: ['yes', 'no'] },
  smart_alarm: { label: 'Smart alarm', values: ['yes', 'no'] },
  ecommerce: { label: 'E-commerce', values: ['yes', 'no', 'paid plans'] },
};

// ───────────────────────────── category tree and archetypes
// ─────────────────────────────

/** A subcategory plus the vocabulary its listings are written from. Phrases are lower-case
 *  (unless they start with an acronym) so they can sit mid-sentence; problems are clauses,
 *  outcomes are verb phrases that follow "helps you …". */
export interface SubcategoryDef {
  slug: string;
  name: string;
  description: string;
  noun: string;
  nouns: string;
  audience: readonly string[];
  features: readonly string[];
  keywords: readonly string[];
  problems: readonly string[];
  outcomes: readonly string[];
  /** Second words for product names ("Kalvora Ledger"). */
  words: readonly string[];
  /** Extra attribute keys on top of the parent's. */
  attrs: readonly string[];
  faq: DemoFaq;
}

export interface TopCategoryDef {
  slug: string;
  name: string;
  description: string;
  attrs: readonly string[];
  faqs: readonly DemoFaq[];
  subs: readonly SubcategoryDef[];
}

export const CATEGORY_TREE: readonly TopCategoryDef[] = [
  {
    slug: 'developer-tools',
    name: 'Developer Tools',
    description:
      'Tools that help software teams write, test, ship and run code. From API clients to CI pipelines and ' +
      'monitoring, these products save engineers hours every week.',
    attrs: ['open_source', 'self_hosted', 'api', 'integrations'],
    faqs: [
      {
        question: 'Should I pick an open-source or a hosted developer tool?',
        answer:
          'Open-source tools give you control, auditability and no lock-in, but you run and upgrade them ' +
          'yourself. Hosted tools are faster to adopt and include support. Many products here offer both, so ' +
          'you can start hosted and move in-house later.',
      },
      {
        question: 'How do I evaluate a developer tool before rolling it out?',
        answer:
          'Try it on one real project for a week, check how it fits your existing CI and editor, and read the ' +
          'docs for the API and data export. A tool that is easy to leave is usually a tool worth staying with.',
      },
      {
        question: 'Do developer tools on Launchdeck offer free plans?',
        answer:
          'Most do, especially for individuals and open-source projects. Use the free plan filter and the open ' +
          'source attribute to narrow the list.',
      },
    ],
    subs: [
      {
        slug: 'api-tools',
        name: 'API Tools',
        description:
          'Clients, mock servers and documentation generators for designing, testing and sharing HTTP and ' +
          'GraphQL APIs.',
        noun: 'API toolkit',
        nouns: 'API toolkits',
        audience: ['backend engineers', 'integration teams', 'QA engineers', 'API product managers'],
        features: [
          'request collections with shared environments',
          'mock servers generated from OpenAPI files',
          'contract tests that run in CI',
          'a GraphQL schema explorer',
          'secrets stored outside the workspace',
          'auto-generated client SDKs',
          'request history with diffs',
          'team workspaces with review comments',
          'latency and error charts per endpoint',
          'one-click documentation portals',
        ],
        keywords: [
          'api testing',
          'rest client',
          'openapi',
          'graphql',
          'api mocking',
          'api documentation',
          'http client',
          'contract testing',
        ],
        problems: [
          'API requests live in scattered curl snippets and stale wiki pages',
          'a partner changes a response shape and nobody notices until production breaks',
          'new engineers spend their first week figuring out which endpoints actually work',
          'mock data drifts away from the real API',
        ],
        outcomes: [
          'ship integrations without guesswork',
          'catch breaking API changes before customers do',
          'keep API docs in step with the code',
          'onboard partners in an afternoon',
        ],
        words: ['Relay', 'Probe', 'Gateway', 'Request'],
        attrs: ['sdk_languages'],
        faq: {
          question: 'Do API tools replace an API gateway?',
          answer:
            'No. API tools help you design, call and test endpoints during development, while a gateway sits ' +
            'in front of production traffic to handle routing, authentication and rate limits. Many teams use ' +
            'both.',
        },
      },
      {
        slug: 'ci-cd',
        name: 'CI/CD',
        description:
          'Build pipelines, test runners and deployment tools that take code from a pull request to production ' +
          'automatically.',
        noun: 'CI/CD platform',
        nouns: 'CI/CD platforms',
        audience: ['platform engineers', 'small product teams', 'open-source maintainers', 'DevOps leads'],
        features: [
          'pipelines defined in a single YAML file',
          'parallel test sharding',
          'preview environments for every pull request',
          'build caching across branches',
          'one-click rollbacks',
          'deploy approvals with an audit trail',
          'self-hosted runners on your own machines',
          'flaky test detection',
          'secrets scoped per environment',
          'canary and blue-green deploys',
        ],
        keywords: [
          'continuous integration',
          'continuous delivery',
          'deployment',
          'build pipeline',
          'preview environments',
          'devops',
          'release automation',
          'test runner',
        ],
        problems: [
          'builds take forty minutes and everyone stops merging on Fridays',
          'deploys depend on one person who remembers the right commands',
          'flaky tests block releases for reasons nobody can reproduce',
          'preview environments are a weekend project nobody finishes',
        ],
        outcomes: [
          'merge and deploy several times a day',
          'cut build times in half',
          'roll back a bad release in seconds',
          'give every pull request its own preview URL',
        ],
        words: ['Deploy', 'Pipeline', 'Ship', 'Build'],
        attrs: ['runners'],
        faq: {
          question: 'What is the difference between continuous delivery and continuous deployment?',
          answer:
            'With continuous delivery every change is kept ready to release and a person presses the button; ' +
            'with continuous deployment every change that passes the pipeline goes to production ' +
            'automatically. Most tools in this category support both.',
        },
      },
      {
        slug: 'monitoring',
        name: 'Monitoring & Observability',
        description:
          'Uptime checks, logs, metrics and tracing tools that tell you what is broken before your customers do.',
        noun: 'monitoring tool',
        nouns: 'monitoring tools',
        audience: ['on-call engineers', 'SRE teams', 'indie SaaS founders', 'agencies running client sites'],
        features: [
          'uptime checks from 20 regions',
          'structured log search',
          'distributed tracing',
          'public status pages',
          'alert routing with escalation policies',
          'error grouping with stack traces',
          'SLO dashboards',
          'anomaly detection on key metrics',
          'on-call schedules',
          'heartbeat monitoring for cron jobs',
        ],
        keywords: [
          'uptime monitoring',
          'observability',
          'logging',
          'error tracking',
          'status page',
          'alerting',
          'tracing',
          'incident response',
        ],
        problems: [
          'customers report outages before the team notices them',
          'logs are spread over five servers and three dashboards',
          'alerts fire so often that everyone has muted them',
          "nobody knows whether last night's cron jobs actually ran",
        ],
        outcomes: [
          'find the root cause of an incident in minutes',
          'sleep through the night without missing real outages',
          'keep customers informed during incidents',
          'spot slow endpoints before they turn into outages',
        ],
        words: ['Pulse', 'Watch', 'Signal', 'Beacon'],
        attrs: ['alert_channels'],
        faq: {
          question: 'Do I need observability if I only run one small app?',
          answer:
            'Even a single app benefits from an uptime check and error tracking. Start with those two, then ' +
            'add logs and tracing once you have more than one service talking to another.',
        },
      },
      {
        slug: 'databases',
        name: 'Databases & Backend',
        description:
          'Managed databases, backend-as-a-service platforms and data tools that take care of storage, auth ' +
          'and scaling.',
        noun: 'backend platform',
        nouns: 'backend platforms',
        audience: ['full-stack developers', 'mobile developers', 'startup CTOs', 'data engineers'],
        features: [
          'managed Postgres with daily backups',
          'database branches for every pull request',
          'row-level security policies',
          'built-in authentication',
          'realtime subscriptions',
          'a visual schema editor',
          'point-in-time recovery',
          'edge functions',
          'automatic connection pooling',
          'a SQL editor with saved queries',
        ],
        keywords: [
          'database',
          'postgres',
          'backend as a service',
          'serverless database',
          'sql',
          'authentication',
          'realtime',
          'data storage',
        ],
        problems: [
          "running a database at 3am is nobody's favourite hobby",
          'schema migrations are terrifying once real customers are on board',
          'a prototype outgrows its backend the week it gets traction',
          'setting up auth, storage and an API takes longer than the product itself',
        ],
        outcomes: [
          'go from schema to working API in an afternoon',
          'scale from prototype to production without a rewrite',
          'stop worrying about backups',
          'test migrations safely on a copy of real data',
        ],
        words: ['Base', 'Store', 'Table', 'Stack'],
        attrs: ['backups', 'hosting_region'],
        faq: {
          question: 'Can I move my data out of a managed backend later?',
          answer:
            'Check that the product gives you standard database access and plain SQL dumps. Tools built on ' +
            'open-source engines such as PostgreSQL are usually the easiest to leave, which is also a good ' +
            'sign they do not need to lock you in.',
        },
      },
      {
        slug: 'code-review',
        name: 'Code Review',
        description:
          'Assistants and workflow tools that make pull requests smaller, faster to review and easier to understand.',
        noun: 'code review tool',
        nouns: 'code review tools',
        audience: ['engineering managers', 'staff engineers', 'growing dev teams', 'open-source maintainers'],
        features: [
          'stacked pull requests',
          'automatic reviewer assignment',
          'AI summaries of large diffs',
          'review time analytics',
          'inline suggestions you can apply in one click',
          'merge queues',
          'code ownership rules',
          'security checks on every diff',
          'review reminders in team chat',
          'side-by-side and unified diff views',
        ],
        keywords: [
          'code review',
          'pull requests',
          'merge queue',
          'static analysis',
          'developer productivity',
          'git',
          'code quality',
          'stacked diffs',
        ],
        problems: [
          'pull requests wait three days for a first review',
          'huge diffs get a rubber-stamp approval because nobody can read them',
          'the same two senior engineers end up reviewing everything',
          'reviews turn into style debates instead of design discussions',
        ],
        outcomes: [
          'cut review wait time in half',
          'keep pull requests small and easy to read',
          'spread review work fairly across the team',
          'merge with confidence on busy days',
        ],
        words: ['Review', 'Diff', 'Merge', 'Lens'],
        attrs: ['code_languages'],
        faq: {
          question: 'Will an AI reviewer replace human code reviews?',
          answer:
            'No tool in this category claims that. AI assistants are good at catching obvious mistakes and ' +
            'summarising large diffs, which leaves human reviewers more time for design questions and ' +
            'knowledge sharing.',
        },
      },
      {
        slug: 'testing-qa',
        name: 'Testing & QA',
        description: 'End-to-end, visual and load testing tools that catch regressions before a release goes out.',
        noun: 'testing tool',
        nouns: 'testing tools',
        audience: ['QA engineers', 'front-end developers', 'product teams without a QA team', 'mobile developers'],
        features: [
          'record-and-replay browser tests',
          'visual regression snapshots',
          'cross-browser runs in the cloud',
          'load tests written as code',
          'test case management',
          'self-healing selectors',
          'parallel runs on every pull request',
          'video recordings of failed tests',
          'API and UI tests in one suite',
          'access to a real device farm',
        ],
        keywords: [
          'end-to-end testing',
          'visual testing',
          'load testing',
          'qa automation',
          'regression testing',
          'browser testing',
          'test management',
          'quality assurance',
        ],
        problems: [
          'every release breaks a checkout flow nobody thought to test',
          'end-to-end tests are so flaky that the team ignores red builds',
          'manual QA takes two days per release',
          'a CSS change quietly breaks the layout on small screens',
        ],
        outcomes: [
          'release on Fridays without fear',
          'turn manual test plans into automated checks',
          'catch visual regressions on every pull request',
          'know how the app behaves under real traffic',
        ],
        words: ['Test', 'Check', 'Assert', 'Spec'],
        attrs: ['browsers'],
        faq: {
          question: 'How many end-to-end tests should we write?',
          answer:
            'Fewer than you think. Cover the handful of journeys that make money or would embarrass you if ' +
            'they broke, such as sign-up, checkout and login, and push everything else down to faster unit and ' +
            'API tests.',
        },
      },
    ],
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description:
      'Apps that help individuals and teams plan their work, keep notes, manage time and get through the inbox.',
    attrs: ['platforms', 'free_plan', 'offline_mode', 'integrations'],
    faqs: [
      {
        question: 'How do I pick a productivity app that will actually stick?',
        answer:
          'Choose the tool that matches how you already work rather than the one with the longest feature ' +
          'list. Try it for two real weeks, move one project into it, and only then decide whether to migrate ' +
          'everything.',
      },
      {
        question: 'Are productivity apps safe for confidential work notes?',
        answer:
          'Look for encryption at rest, clear data-export options and, if you handle sensitive information, ' +
          'end-to-end encryption. Each listing shows which of these the maker states on its website.',
      },
      {
        question: 'Do I need separate apps for notes, tasks and calendars?',
        answer:
          'Not necessarily. All-in-one workspaces are convenient, while focused apps tend to be faster and ' +
          'simpler. Many people combine one notes app with one task manager and connect them through ' +
          'integrations.',
      },
    ],
    subs: [
      {
        slug: 'note-taking',
        name: 'Note-Taking',
        description:
          'Apps for capturing ideas, meeting notes and research, from plain-text editors to linked knowledge bases.',
        noun: 'note-taking app',
        nouns: 'note-taking apps',
        audience: ['students', 'researchers', 'writers', 'product managers'],
        features: [
          'two-way links between notes',
          'offline-first sync',
          'full-text search across attachments',
          'daily notes with templates',
          'a web clipper for articles',
          'end-to-end encrypted notebooks',
          'a graph view of related ideas',
          'quick capture from the menu bar',
          'handwriting on tablets',
          'publishing notes as a public site',
        ],
        keywords: [
          'note taking',
          'knowledge base',
          'second brain',
          'markdown notes',
          'personal wiki',
          'zettelkasten',
          'meeting notes',
          'writing',
        ],
        problems: [
          'good ideas disappear into a dozen different apps',
          'meeting notes are written once and never found again',
          'research gets lost between browser tabs and PDFs',
          'switching devices means waiting for a sync that never finishes',
        ],
        outcomes: [
          'find any note in under a second',
          'turn scattered notes into a connected knowledge base',
          'capture ideas before they evaporate',
          'write long documents without losing the thread',
        ],
        words: ['Notes', 'Memo', 'Ink', 'Page'],
        attrs: ['sync'],
        faq: {
          question: 'Should my notes be stored as plain files?',
          answer:
            'Plain text or Markdown files are the safest long-term format because any editor can open them. ' +
            'Apps that use their own database can be faster at search and sync, so check that they offer a ' +
            'complete export before committing years of notes.',
        },
      },
      {
        slug: 'task-management',
        name: 'Task Management',
        description: 'To-do lists, kanban boards and project trackers for keeping personal and team work moving.',
        noun: 'task manager',
        nouns: 'task managers',
        audience: ['freelancers', 'small agencies', 'remote teams', 'busy parents'],
        features: [
          'natural-language due dates',
          'kanban and list views of the same project',
          'recurring tasks with flexible rules',
          'dependencies between tasks',
          'a workload view per teammate',
          'keyboard shortcuts for everything',
          'email-to-task forwarding',
          'time estimates and burndown charts',
          'shared projects with guests',
          'weekly review prompts',
        ],
        keywords: [
          'to-do list',
          'task manager',
          'kanban',
          'project management',
          'gtd',
          'team tasks',
          'planning',
          'work management',
        ],
        problems: [
          'tasks live in email, chat and sticky notes at the same time',
          'projects slip because nobody can see who is overloaded',
          'the team board has three hundred cards and no priorities',
          'recurring chores keep falling through the cracks',
        ],
        outcomes: [
          'see everything due this week on one screen',
          'plan the week in ten minutes',
          'keep client projects on schedule',
          'stop dropping recurring tasks',
        ],
        words: ['Tasks', 'Board', 'Plan', 'Done'],
        attrs: ['mobile_app'],
        faq: {
          question: 'Kanban or list view: which works better?',
          answer:
            'Lists suit personal to-dos and quick triage, while kanban boards make the state of a shared ' +
            'project visible at a glance. Most task managers in this category let you switch views on the same ' +
            'data, so you do not have to choose once and for all.',
        },
      },
      {
        slug: 'scheduling',
        name: 'Calendar & Scheduling',
        description:
          'Booking pages, calendar assistants and meeting tools that end the back-and-forth of finding a time.',
        noun: 'scheduling app',
        nouns: 'scheduling apps',
        audience: ['consultants', 'recruiters', 'sales teams', 'coaches'],
        features: [
          'public booking pages with buffers',
          'round-robin team scheduling',
          'time-zone aware availability',
          'automatic video call links',
          'paid bookings with deposits',
          'reminders by email and SMS',
          'calendar sync across several accounts',
          'meeting polls for groups',
          'routing forms that send leads to the right person',
          'focus time protection',
        ],
        keywords: [
          'scheduling',
          'booking page',
          'calendar',
          'appointments',
          'meeting scheduler',
          'time zones',
          'availability',
          'calendar assistant',
        ],
        problems: [
          'finding a meeting time takes six emails',
          'clients book slots that clash with personal plans',
          'no-shows waste hours every week',
          'a calendar full of meetings leaves no time for real work',
        ],
        outcomes: [
          'let clients book a slot in two clicks',
          'cut no-shows with timely reminders',
          'protect deep-work time automatically',
          'schedule across time zones without mental arithmetic',
        ],
        words: ['Cal', 'Slot', 'Book', 'Meet'],
        attrs: ['calendar_providers'],
        faq: {
          question: 'Can a scheduling app handle several calendars at once?',
          answer:
            'Most can check availability across several personal and work calendars so that you are never ' +
            'double-booked. Check the listing attributes for which calendar providers are supported before ' +
            'signing up.',
        },
      },
      {
        slug: 'time-tracking',
        name: 'Focus & Time Tracking',
        description:
          'Timers, timesheets and focus apps that show where the hours go and help protect the ones that matter.',
        noun: 'time tracker',
        nouns: 'time trackers',
        audience: ['freelancers', 'agencies billing by the hour', 'remote workers', 'students'],
        features: [
          'one-click timers from the browser',
          'automatic tracking of apps and websites',
          'timesheets with approvals',
          'billable rates per client',
          'Pomodoro sessions with break reminders',
          'website blocking during focus blocks',
          'weekly reports by project',
          'idle detection',
          'invoices created from tracked time',
          'private-by-default activity data',
        ],
        keywords: [
          'time tracking',
          'timesheet',
          'pomodoro',
          'focus',
          'billable hours',
          'productivity tracking',
          'distraction blocker',
          'deep work',
        ],
        problems: [
          'billable hours get reconstructed from memory on Friday afternoon',
          'an hour of work turns into three because of notifications',
          'clients question invoices that lack detailed timesheets',
          'nobody knows which projects are actually profitable',
        ],
        outcomes: [
          'bill every hour you work',
          'protect two hours of deep work a day',
          'see which clients are profitable',
          'finish the week with timesheets already done',
        ],
        words: ['Focus', 'Clock', 'Hours', 'Timer'],
        attrs: ['mobile_app'],
        faq: {
          question: 'Is automatic time tracking a privacy risk?',
          answer:
            'It can be. Prefer tools that keep activity data on your device or let you review and edit entries ' +
            'before anything is shared with an employer or client. The best ones make privacy the default ' +
            'rather than a setting.',
        },
      },
      {
        slug: 'email-clients',
        name: 'Email Clients',
        description: 'Inbox apps and email add-ons that bring triage, shared inboxes and calm to a crowded mailbox.',
        noun: 'email client',
        nouns: 'email clients',
        audience: ['founders', 'support teams', 'executives', 'people who get 200 emails a day'],
        features: [
          'a split inbox by sender type',
          'snooze and send later',
          'shared team inboxes with assignments',
          'keyboard-first triage',
          'tracking-pixel blocking',
          'AI drafts in your own tone',
          'a unified inbox for several accounts',
          'a daily newsletter digest',
          'follow-up reminders',
          'undo send',
        ],
        keywords: [
          'email client',
          'inbox zero',
          'shared inbox',
          'email productivity',
          'mail app',
          'email triage',
          'newsletters',
          'email',
        ],
        problems: [
          'the inbox is a to-do list written by other people',
          'important messages drown under newsletters and notifications',
          'customer emails get answered twice or not at all',
          'switching between three accounts eats the morning',
        ],
        outcomes: [
          'reach inbox zero before lunch',
          'answer customers as a team without stepping on each other',
          'never forget to follow up',
          'read newsletters once a day instead of all day',
        ],
        words: ['Mail', 'Inbox', 'Post', 'Letter'],
        attrs: ['mobile_app'],
        faq: {
          question: 'Do third-party email clients read my messages?',
          answer:
            'Some process mail on their own servers to power features like AI drafts or smart sorting, others ' +
            'work entirely on your device. The privacy policy and the listing usually state which model the ' +
            'app uses.',
        },
      },
    ],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Tools for designing interfaces, prototypes, illustrations and the systems that keep them consistent.',
    attrs: ['platforms', 'free_plan', 'collaboration', 'export_formats'],
    faqs: [
      {
        question: 'Do these design tools work for non-designers?',
        answer:
          'Many of them do. Look for templates, auto-layout and component libraries, which let founders and ' +
          'developers produce tidy work without a design background.',
      },
      {
        question: 'Which file formats should a design tool export?',
        answer:
          'For handing work to developers, SVG and PNG cover most needs, and PDF is useful for print and ' +
          'reviews. Check the export formats attribute on each listing.',
      },
      {
        question: 'Is browser-based design software fast enough?',
        answer:
          'For most interface work, yes. Modern browser tools handle large files well, although very heavy ' +
          'illustration or 3D work can still be smoother in a native desktop app.',
      },
    ],
    subs: [
      {
        slug: 'ui-design',
        name: 'UI Design',
        description: 'Interface design editors for mocking up screens, components and responsive layouts.',
        noun: 'UI design tool',
        nouns: 'UI design tools',
        audience: ['product designers', 'front-end developers', 'founders without a designer', 'design students'],
        features: [
          'auto-layout that behaves like CSS flexbox',
          'shared component libraries',
          'design tokens exported to code',
          'multiplayer editing with live cursors',
          'a developer mode with measurements and CSS',
          'version history with named releases',
          'responsive breakpoint previews',
          'a plugin marketplace',
          'accessibility contrast checks',
          'comments pinned to layers',
        ],
        keywords: [
          'ui design',
          'interface design',
          'wireframes',
          'mockups',
          'design tool',
          'ux design',
          'web design',
          'app design',
        ],
        problems: [
          'designs and code drift apart after the first sprint',
          'developers measure pixels by hand from screenshots',
          'feedback arrives in five chat threads instead of on the design',
          'every new screen starts from a blank canvas',
        ],
        outcomes: [
          'hand off designs developers can build exactly',
          'go from wireframe to polished screen in a day',
          'keep every screen on brand',
          'collect feedback right where it belongs',
        ],
        words: ['Canvas', 'Frame', 'Pixel', 'Layout'],
        attrs: ['plugins'],
        faq: {
          question: 'Should I start with wireframes or high-fidelity mockups?',
          answer:
            'Start with quick wireframes when the structure of a page is still open, because they are cheap to ' +
            'throw away. Move to high-fidelity mockups once the flow is agreed and details such as spacing, ' +
            'type and colour start to matter.',
        },
      },
      {
        slug: 'prototyping',
        name: 'Prototyping',
        description:
          'Tools for turning static designs into clickable, animated prototypes you can test with real people.',
        noun: 'prototyping tool',
        nouns: 'prototyping tools',
        audience: ['UX researchers', 'product designers', 'startup founders', 'interaction designers'],
        features: [
          'smart animation between frames',
          'clickable prototypes shared by link',
          'user testing sessions with recordings',
          'variables and conditional logic',
          'device previews on phones and tablets',
          'heatmaps of where testers clicked',
          'a timeline editor for micro-interactions',
          'prototype analytics',
          'prototypes embedded in pitch decks',
          'voice and gesture triggers',
        ],
        keywords: [
          'prototyping',
          'user testing',
          'interaction design',
          'ux research',
          'clickable prototype',
          'animation',
          'usability testing',
          'product design',
        ],
        problems: [
          'the team argues about a flow that nobody has tested with users',
          'static mockups hide how an interaction actually feels',
          'engineering builds a feature before anyone has clicked through it',
          'user tests take weeks to organise',
        ],
        outcomes: [
          'test a new flow with five users before writing code',
          'show investors a product that feels real',
          'settle design debates with evidence',
          'nail the details of an animation',
        ],
        words: ['Proto', 'Flow', 'Click', 'Motion'],
        attrs: ['user_testing'],
        faq: {
          question: 'How many people do I need for a prototype test?',
          answer:
            'Five participants usually reveal most of the serious usability problems in a flow. Run a small ' +
            'round, fix what you learn and test again rather than running one large study.',
        },
      },
      {
        slug: 'icons-illustration',
        name: 'Icons & Illustration',
        description: 'Icon sets, illustration libraries and vector editors for giving a product its own visual voice.',
        noun: 'illustration tool',
        nouns: 'illustration tools',
        audience: ['brand designers', 'marketers', 'indie game developers', 'app makers'],
        features: [
          'thousands of consistent icons in several weights',
          'customisable illustration characters',
          'vector editing with boolean operations',
          'colour palettes that match your brand',
          'SVG and Lottie export',
          'search by concept rather than file name',
          'a commercial licence included',
          'pixel-perfect grid snapping',
          'a mix-and-match scene builder',
          'plugins for popular design tools',
        ],
        keywords: [
          'icons',
          'illustrations',
          'vector graphics',
          'svg',
          'icon set',
          'graphic design',
          'brand assets',
          'stock illustrations',
        ],
        problems: [
          'stock illustrations make every landing page look the same',
          'icons from three different sets clash on a single screen',
          'hiring an illustrator for every blog post is out of budget',
          'licences for visual assets are confusing',
        ],
        outcomes: [
          'give the product a distinctive look',
          'keep icons consistent across web and mobile',
          'publish a custom illustration in minutes',
          'stay clear of licensing headaches',
        ],
        words: ['Icons', 'Vector', 'Sketchbook', 'Glyph'],
        attrs: ['licence'],
        faq: {
          question: 'Can I use these illustrations in a commercial product?',
          answer:
            'Most libraries listed here include a commercial licence, but some require attribution or limit ' +
            "use in products that resell the artwork itself. Check the licence attribute and the maker's terms " +
            'before shipping.',
        },
      },
      {
        slug: 'design-systems',
        name: 'Design Systems',
        description: 'Tools for documenting components, managing design tokens and keeping design and code in sync.',
        noun: 'design system tool',
        nouns: 'design system tools',
        audience: ['design system teams', 'front-end platform teams', 'agencies with many brands', 'scale-ups'],
        features: [
          'living documentation generated from code',
          'design token pipelines to CSS, iOS and Android',
          'component usage analytics',
          'visual tests for every component',
          'changelogs for each release',
          'multi-brand theming',
          'interactive component playgrounds',
          'linting for off-system colours',
          'token sync between design files and code',
          'versioned component packages',
        ],
        keywords: [
          'design system',
          'design tokens',
          'component library',
          'ui kit',
          'style guide',
          'theming',
          'documentation',
          'front-end',
        ],
        problems: [
          'five shades of the brand blue are in production',
          'teams rebuild the same button in every project',
          'documentation is out of date the day it is published',
          'a rebrand means touching hundreds of files',
        ],
        outcomes: [
          'ship a rebrand by changing a few tokens',
          'keep documentation in step with the code',
          'see which teams actually use the system',
          'stop rebuilding the same components',
        ],
        words: ['Tokens', 'System', 'Kit', 'Atoms'],
        attrs: ['frameworks'],
        faq: {
          question: 'When does a company need a design system?',
          answer:
            'Usually once two or more teams are building interfaces at the same time. Before that, a shared ' +
            'component library and a short style guide are often enough.',
        },
      },
    ],
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description:
      'Tools for reaching customers through email, search, social media and content, and for turning that ' +
      'attention into sign-ups.',
    attrs: ['free_plan', 'integrations', 'api', 'team_seats'],
    faqs: [
      {
        question: 'Which marketing tool should an early-stage startup buy first?',
        answer:
          'Usually an email tool and basic analytics. They let you build an audience you own and learn what ' +
          'works before spending on ads or larger suites.',
      },
      {
        question: 'Are all-in-one marketing suites worth it?',
        answer:
          'They save time on integrations, but you pay for many features you may never use. Small teams often ' +
          'do better with two or three focused tools connected together.',
      },
      {
        question: 'How do I measure whether a marketing tool is working?',
        answer:
          'Decide on one number it should move, such as sign-ups from email or organic visits, and compare a ' +
          'few weeks before and after. If nothing moves after a fair trial, cancel.',
      },
    ],
    subs: [
      {
        slug: 'email-marketing',
        name: 'Email Marketing',
        description: 'Newsletter, drip campaign and transactional email tools for building an audience you own.',
        noun: 'email marketing platform',
        nouns: 'email marketing platforms',
        audience: ['creators', 'e-commerce shops', 'SaaS marketers', 'non-profits'],
        features: [
          'a drag-and-drop email editor',
          'automated welcome sequences',
          'segmentation by behaviour',
          'A/B tests on subject lines',
          'paid newsletter subscriptions',
          'deliverability monitoring',
          'landing pages for sign-up forms',
          'RSS-to-email campaigns',
          'plain-text emails that feel personal',
          'double opt-in and GDPR tools',
        ],
        keywords: [
          'email marketing',
          'newsletter',
          'drip campaigns',
          'email automation',
          'mailing list',
          'subscribers',
          'deliverability',
          'transactional email',
        ],
        problems: [
          'the newsletter goes out irregularly because building each issue takes a day',
          'open rates drop and nobody knows whether emails land in spam',
          'every subscriber gets the same message regardless of what they did',
          'moving lists between tools loses half the tags',
        ],
        outcomes: [
          'send a newsletter people look forward to',
          'turn sign-ups into customers with automated sequences',
          'keep emails out of the spam folder',
          'grow a list without buying ads',
        ],
        words: ['Mail', 'Letter', 'Send', 'Drip'],
        attrs: ['ab_testing'],
        faq: {
          question: 'What is a good open rate for a newsletter?',
          answer:
            'It depends heavily on the audience and how opens are measured, since many mail apps now preload ' +
            'images. Watch clicks and replies as well, and compare your own numbers over time rather than ' +
            'against an industry average.',
        },
      },
      {
        slug: 'seo',
        name: 'SEO Tools',
        description:
          'Keyword research, rank tracking, site audits and content optimisation for earning traffic from ' +
          'search engines.',
        noun: 'SEO tool',
        nouns: 'SEO tools',
        audience: ['content marketers', 'agency SEO specialists', 'bloggers', 'e-commerce managers'],
        features: [
          'keyword research with search intent labels',
          'daily rank tracking',
          'technical site audits',
          'backlink monitoring',
          'content briefs from top-ranking pages',
          'internal linking suggestions',
          'core web vitals reports',
          'competitor gap analysis',
          'local rank grids',
          'alerts on ranking drops',
        ],
        keywords: [
          'seo',
          'keyword research',
          'rank tracking',
          'backlinks',
          'site audit',
          'organic traffic',
          'content optimization',
          'search engine optimization',
        ],
        problems: [
          'blog posts get written without knowing whether anyone searches for the topic',
          'a site migration quietly wipes out half the organic traffic',
          'reports take a day to assemble every month',
          'broken links and slow pages pile up unnoticed',
        ],
        outcomes: [
          'find topics people actually search for',
          'catch technical problems before rankings drop',
          'report to clients in minutes',
          'grow organic traffic month after month',
        ],
        words: ['Rank', 'Crawl', 'Search', 'Serp'],
        attrs: ['keyword_db'],
        faq: {
          question: 'How long does SEO take to show results?',
          answer:
            'New pages on an established site can rank within weeks, while a brand-new domain often needs ' +
            'several months. SEO tools cannot shortcut that, but they help you spend the time on topics and ' +
            'fixes that matter.',
        },
      },
      {
        slug: 'social-media',
        name: 'Social Media Management',
        description: 'Schedulers, inboxes and analytics for running brand accounts across social networks.',
        noun: 'social media tool',
        nouns: 'social media tools',
        audience: ['social media managers', 'small businesses', 'creators', 'agencies'],
        features: [
          'a visual content calendar',
          'scheduling to several networks at once',
          'a unified inbox for comments and messages',
          'best-time-to-post suggestions',
          'link-in-bio pages',
          'approval workflows for clients',
          'hashtag and mention tracking',
          'recycling of evergreen posts',
          'performance reports by campaign',
          'AI caption drafts',
        ],
        keywords: [
          'social media',
          'scheduling',
          'content calendar',
          'social analytics',
          'community management',
          'social media marketing',
          'link in bio',
          'creator tools',
        ],
        problems: [
          'posting on five networks means five logins and five editors',
          'comments and messages go unanswered for days',
          'nobody can tell which posts actually drive sign-ups',
          'client approvals happen in long email threads',
        ],
        outcomes: [
          'plan a month of posts in one sitting',
          'answer every comment from one inbox',
          'prove which posts bring in customers',
          'get client sign-off without the email chains',
        ],
        words: ['Social', 'Post', 'Buzz', 'Feed'],
        attrs: ['channels'],
        faq: {
          question: 'Do scheduled posts perform worse than manual ones?',
          answer:
            'Not in any consistent way. What matters is the content and timing; schedulers simply make it ' +
            'easier to publish at the right moment and to stay consistent.',
        },
      },
      {
        slug: 'landing-pages',
        name: 'Landing Page Builders',
        description: 'Builders for fast, conversion-focused pages for launches, campaigns and waitlists.',
        noun: 'landing page builder',
        nouns: 'landing page builders',
        audience: ['founders validating ideas', 'growth marketers', 'event organisers', 'agencies'],
        features: [
          'conversion-focused templates',
          'built-in A/B testing',
          'a waitlist with referral rewards',
          'forms connected to your CRM',
          'custom domains with free SSL',
          'page speed scores above 90',
          'dynamic text for ad campaigns',
          'heatmaps',
          'pop-ups and sticky bars',
          'one-click duplicates for campaign variants',
        ],
        keywords: [
          'landing page',
          'page builder',
          'waitlist',
          'conversion rate',
          'a/b testing',
          'lead generation',
          'no-code',
          'launch page',
        ],
        problems: [
          'a simple campaign page waits two weeks in the developer queue',
          'the waitlist is a spreadsheet fed by a contact form',
          'pages look great but load slowly on phones',
          'nobody knows which headline converts better',
        ],
        outcomes: [
          'launch a waitlist in an afternoon',
          'test two headlines before lunch',
          'turn ad clicks into sign-ups',
          'validate an idea before building it',
        ],
        words: ['Page', 'Launch', 'Landing', 'Waitlist'],
        attrs: ['ab_testing'],
        faq: {
          question: 'What makes a landing page convert?',
          answer:
            'One clear audience, one promise and one call to action. Cut everything else, make the page load ' +
            'fast on phones and test changes to the headline before anything else.',
        },
      },
      {
        slug: 'content-marketing',
        name: 'Content Marketing',
        description: 'Tools for planning, writing, repurposing and distributing articles, videos and podcasts.',
        noun: 'content marketing tool',
        nouns: 'content marketing tools',
        audience: ['content teams', 'solo marketers', 'B2B startups', 'podcasters'],
        features: [
          'an editorial calendar with statuses',
          'briefs and outlines shared with freelancers',
          'long posts repurposed into social threads',
          'a brand voice checker',
          'content performance dashboards',
          'approval workflows',
          'plagiarism checks',
          'video transcripts turned into articles',
          'a library of reusable snippets',
          'a distribution checklist per piece',
        ],
        keywords: [
          'content marketing',
          'editorial calendar',
          'blogging',
          'content strategy',
          'copywriting',
          'repurposing',
          'b2b marketing',
          'content operations',
        ],
        problems: [
          'every article is a scramble two days before it is due',
          'great posts are published once and forgotten',
          'freelancers get briefs in five different formats',
          'nobody can say which content brings in customers',
        ],
        outcomes: [
          'publish on a steady schedule',
          'get five pieces out of every article',
          'brief writers in minutes',
          'show which content drives pipeline',
        ],
        words: ['Story', 'Draft', 'Editorial', 'Content'],
        attrs: ['templates'],
        faq: {
          question: 'How often should a startup publish content?',
          answer:
            'Consistency beats volume. One genuinely useful article every two weeks, promoted properly, ' +
            'usually does more than daily posts nobody reads.',
        },
      },
    ],
  },
  {
    slug: 'ai',
    name: 'Artificial Intelligence',
    description:
      'Products built on machine learning and large language models, from writing assistants and agents to ' +
      'image, audio and model operations tools.',
    attrs: ['api', 'self_hosted', 'models', 'data_retention'],
    faqs: [
      {
        question: 'How do I judge the quality of an AI product before paying?',
        answer:
          'Test it on your own real examples, not the demo prompts. Check how it handles mistakes, whether it ' +
          'cites sources when it should and what happens to the data you upload.',
      },
      {
        question: 'Does my data train the model?',
        answer:
          'It depends on the vendor and the plan. Look for a clear statement on data retention and training ' +
          'use; the data retention attribute on each listing shows what the maker says.',
      },
      {
        question: 'Can I self-host AI tools?',
        answer:
          'Some products in this category support open-weight models you can run on your own hardware. Expect ' +
          'to trade some convenience and quality for control and privacy.',
      },
    ],
    subs: [
      {
        slug: 'ai-writing',
        name: 'AI Writing',
        description: 'Writing assistants that draft, edit, translate and rewrite text while keeping your tone.',
        noun: 'AI writing assistant',
        nouns: 'AI writing assistants',
        audience: ['marketers', 'non-native English speakers', 'students', 'support teams'],
        features: [
          'drafts in your own brand voice',
          'rewrite, shorten and expand commands',
          'grammar and clarity suggestions',
          'translation into 30 languages',
          'a citation finder for claims',
          'templates for emails and briefs',
          'a browser extension that works in any text box',
          'originality reports',
          'team style guides',
          'a long-form document mode',
        ],
        keywords: [
          'ai writing',
          'writing assistant',
          'copywriting',
          'grammar checker',
          'paraphrasing',
          'translation',
          'content generation',
          'editing',
        ],
        problems: [
          'the first draft takes longer than everything else combined',
          'emails to important customers get rewritten five times',
          'style guides exist but nobody reads them',
          'writing in a second language slows everything down',
        ],
        outcomes: [
          'get from blank page to first draft in minutes',
          'write clearly in any language',
          'keep every writer on brand',
          'polish emails before they go out',
        ],
        words: ['Write', 'Quill', 'Prose', 'Draft'],
        attrs: ['languages'],
        faq: {
          question: 'Will AI-written text hurt my search rankings?',
          answer:
            'Search engines say they judge content on usefulness rather than on how it was produced. Text that ' +
            'is accurate, original and edited by someone who knows the subject is what matters.',
        },
      },
      {
        slug: 'ai-agents',
        name: 'AI Agents',
        description:
          'Assistants that take actions on your behalf: browsing, filling forms, answering customers and ' +
          'running multi-step workflows.',
        noun: 'AI agent platform',
        nouns: 'AI agent platforms',
        audience: ['operations teams', 'support leads', 'solo founders', 'developers building assistants'],
        features: [
          'multi-step workflows with human approval',
          'browser automation from plain instructions',
          'tool calling with your own APIs',
          'memory across conversations',
          'a support agent trained on your help centre',
          'an audit log of every action',
          'sandboxed code execution',
          'scheduled agent runs',
          'hand-off to a human when unsure',
          'cost limits per task',
        ],
        keywords: [
          'ai agents',
          'autonomous agents',
          'workflow automation',
          'ai assistant',
          'customer support ai',
          'llm tools',
          'copilot',
          'task automation',
        ],
        problems: [
          'repetitive back-office tasks eat a day a week',
          'support tickets pile up overnight',
          'scripts break every time a website changes its layout',
          'prototype agents work in demos and fail on real data',
        ],
        outcomes: [
          'hand routine tasks to an assistant you can audit',
          'answer common support questions around the clock',
          'automate workflows that used to need a person',
          'ship an agent with guard rails in days',
        ],
        words: ['Agent', 'Pilot', 'Assist', 'Runner'],
        attrs: ['human_approval'],
        faq: {
          question: 'How do I keep an AI agent from doing something harmful?',
          answer:
            'Give it the smallest set of permissions it needs, require approval for irreversible actions such ' +
            'as payments or deletions, and keep a full log of what it did. Good platforms make all three easy.',
        },
      },
      {
        slug: 'ai-image',
        name: 'Image Generation',
        description: 'Tools for generating, editing and upscaling images and graphics from text prompts.',
        noun: 'AI image generator',
        nouns: 'AI image generators',
        audience: ['designers', 'marketers', 'game developers', 'e-commerce sellers'],
        features: [
          'text-to-image with style presets',
          'background removal',
          'product photo scenes',
          'inpainting and outpainting',
          'upscaling to print resolution',
          'consistent characters across images',
          'brand colour locking',
          'batch generation from a spreadsheet',
          'commercial usage rights',
          'a private generation mode',
        ],
        keywords: [
          'ai image generation',
          'text to image',
          'image editing',
          'product photography',
          'upscaling',
          'generative art',
          'background removal',
          'ai art',
        ],
        problems: [
          'a product shoot costs more than the product launch',
          'every campaign needs dozens of image variants',
          'stock photos never quite match the brand',
          'editing out a background takes an hour per photo',
        ],
        outcomes: [
          'create on-brand visuals in minutes',
          'produce product photos without a studio',
          'generate campaign variants in bulk',
          'clean up images in one click',
        ],
        words: ['Pixel', 'Render', 'Lens', 'Studio'],
        attrs: ['resolution'],
        faq: {
          question: 'Who owns images created with an AI generator?',
          answer:
            'Ownership and copyright rules for generated images differ between countries and are still ' +
            'evolving. Most vendors grant you broad usage rights in their terms; check them, especially for ' +
            'logos and trademarks.',
        },
      },
      {
        slug: 'ai-audio',
        name: 'Speech & Audio AI',
        description: 'Transcription, voice synthesis, dubbing and audio clean-up powered by machine learning.',
        noun: 'audio AI tool',
        nouns: 'audio AI tools',
        audience: ['podcasters', 'video editors', 'journalists', 'course creators'],
        features: [
          'transcription with speaker labels',
          'natural text-to-speech voices',
          'voice cloning with consent checks',
          'automatic dubbing into other languages',
          'noise and echo removal',
          'filler-word removal',
          'subtitles in SRT and VTT',
          'meeting summaries',
          'audio editing by editing text',
          'an API for real-time speech',
        ],
        keywords: [
          'transcription',
          'text to speech',
          'voice ai',
          'dubbing',
          'podcast editing',
          'speech recognition',
          'subtitles',
          'audio cleanup',
        ],
        problems: [
          'transcribing an interview takes three times its length',
          'recording in a noisy flat ruins otherwise good episodes',
          'translating videos means hiring voice actors',
          'subtitles are an afterthought that never gets done',
        ],
        outcomes: [
          'turn an hour of audio into searchable text in minutes',
          'publish studio-quality audio from a laptop',
          'reach new audiences in their own language',
          'add subtitles to every video',
        ],
        words: ['Voice', 'Echo', 'Wave', 'Sound'],
        attrs: ['voices'],
        faq: {
          question: 'How accurate is AI transcription?',
          answer:
            'For clear speech in common languages, modern systems are very accurate, but accents, crosstalk ' +
            'and jargon still cause mistakes. Tools that let you add custom vocabulary and correct the text ' +
            'quickly make the biggest difference.',
        },
      },
      {
        slug: 'llm-ops',
        name: 'LLM Ops',
        description:
          'Tooling for building with large language models: prompt management, evaluation, tracing and cost control.',
        noun: 'LLM ops platform',
        nouns: 'LLM ops platforms',
        audience: ['AI engineers', 'ML platform teams', 'startups shipping AI features', 'data scientists'],
        features: [
          'prompt versioning with rollbacks',
          'evaluation suites on real data',
          'tracing of every model call',
          'cost and latency dashboards',
          'a gateway with fallbacks between providers',
          'guardrails against prompt injection',
          'dataset curation from production logs',
          'A/B tests between prompts',
          'caching of repeated requests',
          'PII redaction before logging',
        ],
        keywords: [
          'llm ops',
          'prompt engineering',
          'llm evaluation',
          'ai observability',
          'rag',
          'model gateway',
          'ai engineering',
          'mlops',
        ],
        problems: [
          'a prompt tweak fixes one case and silently breaks ten others',
          'the model bill doubles and nobody knows which feature caused it',
          'debugging a bad answer means digging through raw logs',
          'switching model providers requires a rewrite',
        ],
        outcomes: [
          'ship prompt changes with tests behind them',
          'see the cost of every feature',
          'debug a bad answer in minutes',
          'switch models without rewriting code',
        ],
        words: ['Prompt', 'Trace', 'Eval', 'Token'],
        attrs: ['tracing'],
        faq: {
          question: 'Why do I need evaluations for prompts?',
          answer:
            'Language models are non-deterministic and sensitive to small wording changes. A set of real ' +
            'examples with expected outcomes lets you change prompts or models and know within minutes whether ' +
            'quality went up or down.',
        },
      },
    ],
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Software for invoicing, bookkeeping, payments and personal money management.',
    attrs: ['free_plan', 'currencies', 'bank_sync', 'compliance'],
    faqs: [
      {
        question: 'Is it safe to connect my bank account to a finance app?',
        answer:
          'Reputable apps connect through regulated open-banking providers with read-only access and never see ' +
          'your banking password. Look for the compliance attribute and a clear security page.',
      },
      {
        question: 'Can these tools replace an accountant?',
        answer:
          'They can remove most of the data entry and keep books tidy all year, which makes an accountant ' +
          'cheaper and faster. For tax filing and advice, most small businesses still benefit from a ' +
          'professional.',
      },
      {
        question: 'What happens to my financial data if I cancel?',
        answer:
          'Good products let you export transactions, invoices and reports as CSV or PDF at any time. Check ' +
          'before you sign up, and keep a copy for the retention period your tax authority requires.',
      },
    ],
    subs: [
      {
        slug: 'invoicing',
        name: 'Invoicing',
        description:
          'Tools for sending professional invoices and quotes, chasing late payments and getting paid faster.',
        noun: 'invoicing tool',
        nouns: 'invoicing tools',
        audience: ['freelancers', 'small agencies', 'consultants', 'tradespeople'],
        features: [
          'branded invoice templates',
          'automatic payment reminders',
          'online card and bank payments',
          'recurring invoices for retainers',
          'quotes that turn into invoices',
          'multi-currency invoicing',
          'expense tracking with receipt capture',
          'a client portal',
          'late fees applied automatically',
          'VAT and sales tax calculations',
        ],
        keywords: [
          'invoicing',
          'invoice generator',
          'billing',
          'get paid',
          'quotes',
          'freelance',
          'accounts receivable',
          'payment reminders',
        ],
        problems: [
          'invoices sit unpaid for sixty days because nobody chases them',
          "creating an invoice means copying last month's document",
          'clients abroad pay with expensive bank transfers',
          'quotes and invoices never quite match',
        ],
        outcomes: [
          'get paid in days instead of weeks',
          'send an invoice from your phone in a minute',
          'stop chasing late payments by hand',
          'bill international clients in their own currency',
        ],
        words: ['Invoice', 'Bill', 'Paid', 'Tally'],
        attrs: ['tax'],
        faq: {
          question: 'Do automatic payment reminders annoy clients?',
          answer:
            'Polite, well-timed reminders are usually welcomed because they remove the awkwardness of asking. ' +
            'Most tools let you write the wording yourself and choose how many days after the due date each ' +
            'reminder goes out.',
        },
      },
      {
        slug: 'accounting',
        name: 'Accounting',
        description:
          'Bookkeeping and accounting software for small businesses, from bank reconciliation to year-end reports.',
        noun: 'accounting app',
        nouns: 'accounting apps',
        audience: ['small business owners', 'bookkeepers', 'startup finance leads', 'e-commerce sellers'],
        features: [
          'automatic bank reconciliation',
          'receipt capture by photo',
          'profit and loss reports in real time',
          'multi-entity consolidation',
          'accountant access with permissions',
          'a payroll add-on',
          'a cash-flow forecast',
          'rules that categorise transactions',
          'an audit trail on every change',
          'tax-ready year-end exports',
        ],
        keywords: [
          'accounting',
          'bookkeeping',
          'small business accounting',
          'bank reconciliation',
          'financial reports',
          'cash flow',
          'tax',
          'expenses',
        ],
        problems: [
          'the books are three months behind and tax day is coming',
          'receipts fade in a shoebox before anyone records them',
          'the founder has no idea what the real runway is',
          'reconciling bank statements takes a full weekend each quarter',
        ],
        outcomes: [
          'close the month in an hour',
          'always know the real cash position',
          'hand clean books to the accountant',
          'stop losing receipts',
        ],
        words: ['Ledger', 'Books', 'Balance', 'Tally'],
        attrs: ['multi_entity'],
        faq: {
          question: 'What is bank reconciliation?',
          answer:
            'It is the process of matching every transaction on your bank statement with an entry in your ' +
            'books, so you know both agree. Accounting apps automate most of it by importing bank feeds and ' +
            'suggesting matches.',
        },
      },
      {
        slug: 'personal-finance',
        name: 'Personal Finance',
        description: 'Budgeting, saving and investing apps that help people understand and plan their money.',
        noun: 'budgeting app',
        nouns: 'budgeting apps',
        audience: ['young professionals', 'couples sharing expenses', 'families', 'people paying off debt'],
        features: [
          'zero-based budgeting',
          'shared budgets for couples',
          'a subscription tracker',
          'net worth over time',
          'savings goals with automatic rules',
          'a debt payoff planner',
          'spending insights by category',
          'bill reminders',
          'an investment portfolio overview',
          'a privacy mode that hides balances',
        ],
        keywords: [
          'budgeting',
          'personal finance',
          'money management',
          'savings',
          'expense tracker',
          'net worth',
          'debt payoff',
          'financial planning',
        ],
        problems: [
          'the salary disappears and nobody can say where it went',
          'forgotten subscriptions quietly cost hundreds a year',
          'couples argue about money because nobody has the full picture',
          'saving for a goal never survives the first surprise bill',
        ],
        outcomes: [
          'know exactly where every euro goes',
          'reach a savings goal without thinking about it',
          'pay off debt on a clear schedule',
          'spot and cancel forgotten subscriptions',
        ],
        words: ['Budget', 'Wallet', 'Coin', 'Save'],
        attrs: ['mobile_app'],
        faq: {
          question: 'Do budgeting apps work without connecting a bank?',
          answer:
            'Yes. Several apps support manual entry or file imports, which some people prefer for privacy. It ' +
            'takes a little more discipline, but you also tend to notice spending more.',
        },
      },
      {
        slug: 'payments',
        name: 'Payments',
        description: 'Checkout, subscription billing and payout tools for selling online.',
        noun: 'payments platform',
        nouns: 'payments platforms',
        audience: ['SaaS founders', 'online stores', 'marketplaces', 'creators selling digital products'],
        features: [
          'hosted checkout pages',
          'subscription billing with proration',
          'merchant of record with tax handling',
          'dunning for failed cards',
          'usage-based billing',
          'payouts to sellers in 40 countries',
          'fraud screening',
          'a customer self-service portal',
          'payment links',
          'revenue recognition reports',
        ],
        keywords: [
          'payments',
          'checkout',
          'subscription billing',
          'merchant of record',
          'recurring revenue',
          'payment links',
          'saas billing',
          'fraud prevention',
        ],
        problems: [
          'failed card payments quietly churn good customers',
          'selling abroad means registering for sales tax in dozens of places',
          'building subscription billing in-house takes months',
          'marketplace payouts are a spreadsheet and a prayer',
        ],
        outcomes: [
          'start charging customers this week',
          'recover revenue from failed payments',
          'sell worldwide without tax headaches',
          'pay marketplace sellers automatically',
        ],
        words: ['Pay', 'Checkout', 'Charge', 'Till'],
        attrs: ['payouts'],
        faq: {
          question: 'What is a merchant of record?',
          answer:
            'A merchant of record is the company legally selling to your customer. When a payments provider ' +
            'takes that role, it handles sales tax, VAT and invoicing in each country for you, in exchange for ' +
            'a higher fee.',
        },
      },
    ],
  },
  {
    slug: 'sales',
    name: 'Sales',
    description: 'CRMs, outreach and proposal tools that help small teams find customers and close deals.',
    attrs: ['free_plan', 'integrations', 'api', 'crm_sync'],
    faqs: [
      {
        question: 'When does a startup need a CRM?',
        answer:
          'As soon as more than one person talks to customers, or you have more deals than you can remember. A ' +
          'simple CRM beats a spreadsheet once follow-ups start slipping.',
      },
      {
        question: 'Is cold outreach still effective?',
        answer:
          'Well-researched, personal messages to a small, relevant list still work. Mass emails to bought ' +
          'lists mostly damage your domain reputation, and several countries restrict them by law.',
      },
      {
        question: 'How do sales tools connect to the rest of my stack?',
        answer:
          'Most offer native integrations with email, calendars and billing, plus an API. The CRM sync ' +
          'attribute shows whether a tool pushes data both ways.',
      },
    ],
    subs: [
      {
        slug: 'crm',
        name: 'CRM',
        description: 'Customer relationship managers for tracking contacts, deals and conversations in one place.',
        noun: 'CRM',
        nouns: 'CRMs',
        audience: ['founder-led sales teams', 'agencies', 'real-estate agents', 'B2B startups'],
        features: [
          'a visual deal pipeline',
          'email and calendar sync',
          'automatic contact enrichment',
          'follow-up reminders',
          'forecasts by stage',
          'custom fields and objects',
          'a shared inbox for the sales team',
          'an activity timeline per account',
          'a mobile app with call logging',
          'win-rate reports',
        ],
        keywords: [
          'crm',
          'sales pipeline',
          'contact management',
          'deal tracking',
          'customer relationships',
          'lead management',
          'b2b sales',
          'sales crm',
        ],
        problems: [
          'deals stall because nobody remembers to follow up',
          "customer history lives in one salesperson's inbox",
          'the pipeline spreadsheet has six versions',
          'forecasts are guesses dressed up as numbers',
        ],
        outcomes: [
          'never forget a follow-up again',
          'see every deal and its next step at a glance',
          'forecast revenue with real numbers',
          'keep customer history when people change roles',
        ],
        words: ['Deal', 'Pipeline', 'Contact', 'Client'],
        attrs: ['mobile_app'],
        faq: {
          question: 'How much customisation should a CRM have?',
          answer:
            'Enough to match your sales process, but no more. Heavily customised CRMs become hard to maintain; ' +
            'start with the defaults and add fields only when someone actually needs them.',
        },
      },
      {
        slug: 'sales-outreach',
        name: 'Sales Engagement',
        description: 'Prospecting, sequencing and calling tools for reaching the right buyers at the right time.',
        noun: 'sales engagement tool',
        nouns: 'sales engagement tools',
        audience: ['SDR teams', 'founders doing outbound', 'recruiters', 'agency business developers'],
        features: [
          'multi-channel sequences',
          'personalisation at scale with research notes',
          'inbox rotation and warm-up',
          'reply detection that pauses sequences',
          'intent signals from website visits',
          'a power dialer',
          'social touch reminders',
          'booking links inside emails',
          'A/B tests on opening lines',
          'opt-out compliance checks',
        ],
        keywords: [
          'sales engagement',
          'cold email',
          'outbound sales',
          'prospecting',
          'sales sequences',
          'lead generation',
          'sales automation',
          'email outreach',
        ],
        problems: [
          'cold emails land in spam and nobody notices for weeks',
          'reps spend more time researching than talking to prospects',
          'follow-ups depend on someone remembering to send them',
          'outbound feels spammy even when the product is a good fit',
        ],
        outcomes: [
          'book more meetings with fewer emails',
          'personalise outreach without spending all day on it',
          'keep sequences out of the spam folder',
          'spend time only on prospects who are ready to talk',
        ],
        words: ['Reach', 'Outbound', 'Prospect', 'Sequence'],
        attrs: ['warmup'],
        faq: {
          question: 'How many follow-ups should a sequence have?',
          answer:
            'Three to five touches over two or three weeks is common. Stop as soon as someone replies, and ' +
            'make every message add something new rather than just bumping the thread.',
        },
      },
      {
        slug: 'proposals',
        name: 'Proposals & Contracts',
        description: 'Tools for creating proposals, quotes and contracts and getting them signed.',
        noun: 'proposal tool',
        nouns: 'proposal tools',
        audience: ['agencies', 'consultants', 'freelance designers', 'B2B sales teams'],
        features: [
          'proposal templates with pricing tables',
          'legally binding e-signatures',
          'view tracking and notifications',
          'optional line items clients can tick',
          'a content library of case studies',
          'approval workflows',
          'contract redlining',
          'payments collected on signature',
          'CRM-linked quotes',
          'expiry dates and reminders',
        ],
        keywords: [
          'proposals',
          'e-signature',
          'contracts',
          'quotes',
          'proposal software',
          'agency tools',
          'contract management',
          'sales documents',
        ],
        problems: [
          'proposals take a full day to assemble from old documents',
          'clients sign on paper, scan it and lose the scan',
          'nobody knows whether a proposal was even opened',
          'pricing mistakes slip into quotes',
        ],
        outcomes: [
          'send a polished proposal in thirty minutes',
          'get contracts signed the same day',
          'know exactly when a client reads a proposal',
          'collect the deposit at signature',
        ],
        words: ['Propose', 'Sign', 'Deal', 'Quote'],
        attrs: ['e_signature'],
        faq: {
          question: 'Are electronic signatures legally binding?',
          answer:
            'In most countries, including the US, the UK and EU member states, electronic signatures are ' +
            'legally recognised for the majority of business contracts. A few document types, such as some ' +
            'property deeds, still need special handling.',
        },
      },
    ],
  },
  {
    slug: 'analytics',
    name: 'Analytics',
    description: 'Web, product and business analytics tools for understanding how people find and use what you build.',
    attrs: ['self_hosted', 'open_source', 'gdpr', 'api'],
    faqs: [
      {
        question: 'Do I need a cookie banner for analytics?',
        answer:
          'It depends on the tool and where your visitors are. Several privacy-focused analytics products work ' +
          'without cookies or personal data, which in many cases removes the need for a consent banner; check ' +
          'the consent attribute and take legal advice for your situation.',
      },
      {
        question: 'What is the difference between web and product analytics?',
        answer:
          'Web analytics answers where visitors come from and which pages they read. Product analytics follows ' +
          'signed-in users through features to show activation, retention and where people get stuck.',
      },
      {
        question: 'Can I self-host my analytics?',
        answer:
          'Several open-source products in this category can run on your own server, which keeps data under ' +
          'your control. The self-hosting attribute shows which ones support it.',
      },
    ],
    subs: [
      {
        slug: 'web-analytics',
        name: 'Web Analytics',
        description: 'Lightweight, privacy-friendly traffic analytics for websites and blogs.',
        noun: 'web analytics tool',
        nouns: 'web analytics tools',
        audience: ['bloggers', 'marketing teams', 'indie makers', 'privacy-conscious companies'],
        features: [
          'a script under 2 KB',
          'cookie-free visitor counting',
          'a real-time dashboard',
          'UTM campaign reports',
          'goal and event tracking',
          'public shareable dashboards',
          'email and team-chat reports',
          'bot filtering',
          'imports from older analytics tools',
          'data stored in the EU',
        ],
        keywords: [
          'web analytics',
          'privacy analytics',
          'website traffic',
          'cookie-free analytics',
          'gdpr analytics',
          'site statistics',
          'visitor tracking',
          'open source analytics',
        ],
        problems: [
          'the analytics dashboard has two hundred reports and answers none of your questions',
          'consent banners scare off visitors and skew the numbers',
          'a heavy tracking script slows down every page',
          'nobody trusts the traffic numbers any more',
        ],
        outcomes: [
          'see the numbers that matter on one page',
          'respect visitors without losing insight',
          'keep pages fast',
          'know which campaigns bring real traffic',
        ],
        words: ['Stats', 'Metrics', 'Count', 'Views'],
        attrs: ['script_size'],
        faq: {
          question: 'Why do different analytics tools show different visitor numbers?',
          answer:
            'They count differently: some rely on cookies, some on anonymised hashes, and some are blocked by ' +
            'ad blockers more often than others. Pick one tool and watch trends over time rather than ' +
            'comparing absolute numbers across tools.',
        },
      },
      {
        slug: 'product-analytics',
        name: 'Product Analytics',
        description: 'Event analytics, funnels, session replay and retention reports for product teams.',
        noun: 'product analytics platform',
        nouns: 'product analytics platforms',
        audience: ['product managers', 'growth teams', 'founders', 'UX researchers'],
        features: [
          'funnels with drop-off breakdowns',
          'retention cohorts',
          'session replay with privacy masking',
          'feature flags tied to metrics',
          'autocapture of clicks and page views',
          'user paths',
          'in-app surveys',
          'SQL access to raw events',
          'experiment analysis',
          'dashboards shared with the whole company',
        ],
        keywords: [
          'product analytics',
          'funnels',
          'retention',
          'session replay',
          'feature flags',
          'event tracking',
          'user behavior',
          'growth analytics',
        ],
        problems: [
          'a feature ships and nobody can tell whether anyone uses it',
          'the team debates opinions because there is no data',
          'onboarding loses half the sign-ups and nobody knows where',
          'tracking plans go stale after the first month',
        ],
        outcomes: [
          'see exactly where users drop off',
          'measure the impact of every release',
          'understand why users churn',
          'answer product questions without waiting for an analyst',
        ],
        words: ['Insight', 'Funnel', 'Cohort', 'Events'],
        attrs: ['session_replay'],
        faq: {
          question: 'Should I track everything or only key events?',
          answer:
            'Autocapture is a good safety net, but a short list of well-named key events, such as sign-up, ' +
            'activation and the core action of your product, is what most decisions rely on. Start there and ' +
            'add more as questions come up.',
        },
      },
      {
        slug: 'business-intelligence',
        name: 'Business Intelligence',
        description: 'Dashboards, SQL editors and reporting tools that turn company data into decisions.',
        noun: 'BI tool',
        nouns: 'BI tools',
        audience: ['data analysts', 'finance teams', 'operations leads', 'executives'],
        features: [
          'a drag-and-drop chart builder',
          'a SQL editor with autocomplete',
          'connectors to 100 data sources',
          'scheduled reports by email',
          'a semantic layer with shared metrics',
          'row-level permissions',
          'embedded dashboards for customers',
          'alerts when a metric changes',
          'notebooks that mix SQL and Python',
          'version-controlled dashboards',
        ],
        keywords: [
          'business intelligence',
          'dashboards',
          'data visualization',
          'sql',
          'reporting',
          'kpi',
          'data analytics',
          'metrics',
        ],
        problems: [
          'every team has its own version of revenue',
          'reports are built by hand in spreadsheets each Monday',
          'the data team is a bottleneck for every simple question',
          'dashboards exist but nobody opens them',
        ],
        outcomes: [
          'agree on one definition of every metric',
          'answer ad-hoc questions in minutes',
          'send the Monday report automatically',
          'put live numbers in front of every team',
        ],
        words: ['Dash', 'Chart', 'Query', 'Report'],
        attrs: ['connectors'],
        faq: {
          question: 'Do I need a data warehouse before buying a BI tool?',
          answer:
            'Not always. Many BI tools connect directly to your production database or SaaS apps. Once queries ' +
            'start slowing the app down or you need to join many sources, a warehouse becomes worth it.',
        },
      },
      {
        slug: 'surveys',
        name: 'Survey & Feedback',
        description: 'Survey builders, feedback widgets and user research tools for hearing from customers.',
        noun: 'feedback tool',
        nouns: 'feedback tools',
        audience: ['product teams', 'customer success managers', 'researchers', 'HR teams'],
        features: [
          'conversational one-question-at-a-time forms',
          'NPS and CSAT surveys',
          'an in-app feedback widget',
          'logic jumps and hidden fields',
          'a public roadmap with voting',
          'AI summaries of open answers',
          'response quotas and scheduling',
          'embeds for any site',
          'integrations with issue trackers',
          'anonymous responses',
        ],
        keywords: [
          'surveys',
          'feedback',
          'nps',
          'forms',
          'user research',
          'customer feedback',
          'feature requests',
          'questionnaires',
        ],
        problems: [
          'feedback is scattered across email, chat and sales calls',
          'survey response rates are in single digits',
          'open-ended answers pile up unread',
          'the loudest customer decides the roadmap',
        ],
        outcomes: [
          'hear from customers while they are still in the product',
          'turn hundreds of answers into clear themes',
          'build what most customers actually ask for',
          'close the loop when a requested feature ships',
        ],
        words: ['Forms', 'Voice', 'Ask', 'Poll'],
        attrs: ['logic_jumps'],
        faq: {
          question: 'How long should a customer survey be?',
          answer:
            'As short as possible: one to five questions for in-product surveys and under five minutes for ' +
            'longer research. Every extra question lowers the completion rate.',
        },
      },
    ],
  },
  {
    slug: 'education',
    name: 'Education',
    description: 'Platforms and apps for learning new skills, teaching online and studying languages.',
    attrs: ['platforms', 'free_plan', 'certificates', 'languages'],
    faqs: [
      {
        question: 'Are online certificates worth anything?',
        answer:
          'Some employers value them as evidence of effort, especially when backed by real projects. Treat ' +
          'them as a bonus; what you can show you have built or done usually matters more.',
      },
      {
        question: 'How do I stay motivated in self-paced courses?',
        answer:
          'Set a fixed weekly time, study with someone else and pick courses with projects rather than only ' +
          'videos. Apps with reminders and streaks help some people and annoy others.',
      },
      {
        question: 'Which learning platforms work well for teams?',
        answer:
          'Look for team plans with progress reports, single sign-on and the ability to assign courses. The ' +
          'listings show which tools offer certificates and team features.',
      },
    ],
    subs: [
      {
        slug: 'online-courses',
        name: 'Online Courses',
        description: 'Course marketplaces and learning apps for picking up professional and creative skills.',
        noun: 'learning platform',
        nouns: 'learning platforms',
        audience: ['career changers', 'junior developers', 'lifelong learners', 'teams upskilling together'],
        features: [
          'project-based courses',
          'interactive coding exercises in the browser',
          'mentor feedback on assignments',
          'learning paths by career goal',
          'offline video downloads',
          'progress tracking for teams',
          'certificates on completion',
          'community forums per course',
          'spaced-repetition quizzes',
          'short daily lessons',
        ],
        keywords: [
          'online courses',
          'e-learning',
          'upskilling',
          'learn to code',
          'professional development',
          'online learning',
          'skills',
          'career change',
        ],
        problems: [
          'courses are started with enthusiasm and abandoned by week two',
          'video lectures feel passive and nothing sticks',
          'it is hard to know which skills employers actually want',
          'team training budgets are spent with nothing to show for it',
        ],
        outcomes: [
          'finish a course and build something real',
          'learn in fifteen minutes a day',
          'switch careers with a clear path',
          'upskill a whole team and see progress',
        ],
        words: ['Learn', 'Academy', 'Class', 'Mentor'],
        attrs: ['live_classes'],
        faq: {
          question: 'Are free online courses as good as paid ones?',
          answer:
            'Some free courses are excellent. Paid ones tend to add feedback, projects reviewed by people and ' +
            'a community, which is often what gets learners to the finish line.',
        },
      },
      {
        slug: 'language-learning',
        name: 'Language Learning',
        description: 'Apps, tutors and tools for learning to speak, read and understand new languages.',
        noun: 'language learning app',
        nouns: 'language learning apps',
        audience: ['travellers', 'expats', 'students', 'heritage speakers'],
        features: [
          'speaking practice with pronunciation feedback',
          'stories graded by level',
          'flashcards with spaced repetition',
          'conversation partners matched by time zone',
          'grammar explained in plain English',
          'offline lessons',
          'podcasts with interactive transcripts',
          'daily goals and streaks',
          'a placement test',
          'vocabulary from the articles you read',
        ],
        keywords: [
          'language learning',
          'learn spanish',
          'vocabulary',
          'pronunciation',
          'flashcards',
          'language exchange',
          'fluency',
          'speaking practice',
        ],
        problems: [
          'years of classes still leave no confidence in a real conversation',
          'flashcard apps teach words but not how to use them',
          'finding a patient conversation partner is hard',
          'busy weeks break every study habit',
        ],
        outcomes: [
          'hold a real conversation within months',
          'build vocabulary that sticks',
          'practise speaking without embarrassment',
          'keep learning even in busy weeks',
        ],
        words: ['Lingo', 'Speak', 'Words', 'Talk'],
        attrs: ['mobile_app'],
        faq: {
          question: 'How long does it take to become conversational?',
          answer:
            'It varies with the language, your native language and how much you practise speaking. Many ' +
            'learners reach simple conversations within three to six months of regular, active practice.',
        },
      },
      {
        slug: 'tutoring',
        name: 'Tutoring',
        description:
          'Marketplaces and tools that connect students with tutors for homework help, exam prep and coaching.',
        noun: 'tutoring platform',
        nouns: 'tutoring platforms',
        audience: ['high-school students', 'parents', 'university students', 'adult learners'],
        features: [
          'vetted tutors with video introductions',
          'an online whiteboard with maths notation',
          'lesson recordings',
          'exam-specific preparation plans',
          'progress reports for parents',
          'flexible packages without contracts',
          'homework help chat',
          'group sessions at lower prices',
          'automatic scheduling across time zones',
          'trial lessons',
        ],
        keywords: [
          'tutoring',
          'online tutor',
          'homework help',
          'exam prep',
          'private lessons',
          'maths tutor',
          'test preparation',
          'coaching',
        ],
        problems: [
          'finding a good tutor relies on word of mouth',
          'parents have no idea whether lessons are working',
          'exam prep starts too late and in a panic',
          'lessons get cancelled because schedules never line up',
        ],
        outcomes: [
          'find the right tutor in one evening',
          'see steady progress before exams',
          'book lessons that fit around school',
          'get help the moment homework gets stuck',
        ],
        words: ['Tutor', 'Study', 'Coach', 'Lesson'],
        attrs: ['live_classes'],
        faq: {
          question: 'Is online tutoring as effective as in-person lessons?',
          answer:
            'For most subjects it works just as well, provided the tutor uses a shared whiteboard and the ' +
            'student has a quiet place to work. It also widens the choice of tutors beyond your town.',
        },
      },
      {
        slug: 'course-platforms',
        name: 'Course Creation',
        description: 'Platforms for creators and experts to build, sell and run their own online courses and cohorts.',
        noun: 'course platform',
        nouns: 'course platforms',
        audience: ['creators', 'coaches', 'subject-matter experts', 'training companies'],
        features: [
          'a drag-and-drop course builder',
          'cohort scheduling with live sessions',
          'built-in checkout and payment plans',
          'community spaces for students',
          'content dripped by week',
          'quizzes and assignments',
          'completion certificates',
          'affiliate programmes',
          'custom domains and branding',
          'student analytics',
        ],
        keywords: [
          'course creation',
          'sell online courses',
          'cohort-based courses',
          'creator economy',
          'online school',
          'membership site',
          'course builder',
          'teach online',
        ],
        problems: [
          'stitching together video hosting, payments and a forum takes weeks',
          'students buy a course and never finish it',
          'platform fees eat a big share of every sale',
          'running a live cohort means juggling five tools',
        ],
        outcomes: [
          'launch a paid course in a weekend',
          'keep students engaged until the last lesson',
          'run cohorts without juggling tools',
          'own the relationship with your students',
        ],
        words: ['School', 'Course', 'Cohort', 'Teach'],
        attrs: ['payments_builtin'],
        faq: {
          question: 'Should I run a cohort-based or a self-paced course?',
          answer:
            'Cohorts bring accountability and much higher completion rates, but need your time at fixed dates. ' +
            'Self-paced courses scale better. Many creators run a cohort first and turn the material into a ' +
            'self-paced version later.',
        },
      },
    ],
  },
  {
    slug: 'health',
    name: 'Health & Fitness',
    description: 'Apps and services for exercise, mental wellbeing, nutrition, sleep and everyday health.',
    attrs: ['platforms', 'free_plan', 'wearables', 'hipaa'],
    faqs: [
      {
        question: 'Are health apps a substitute for medical advice?',
        answer:
          'No. Wellness apps can help you build habits and notice patterns, but they do not replace a doctor. ' +
          'Talk to a professional about symptoms or before making big changes.',
      },
      {
        question: 'What happens to my health data?',
        answer:
          'Look for a clear privacy policy and data export and deletion options. The HIPAA attribute on each ' +
          'listing shows whether the maker says it meets US health-privacy rules where they apply.',
      },
      {
        question: 'Do I need a wearable to use these apps?',
        answer:
          'Most apps work without one, though wearables add automatic tracking of steps, heart rate and sleep. ' +
          'The wearable sync attribute lists what each app can connect to.',
      },
    ],
    subs: [
      {
        slug: 'fitness',
        name: 'Fitness Tracking',
        description: 'Workout planners, training logs and coaching apps for running, lifting and staying active.',
        noun: 'fitness app',
        nouns: 'fitness apps',
        audience: ['runners', 'beginners getting back in shape', 'strength athletes', 'busy parents'],
        features: [
          'adaptive training plans',
          'workout logging with rest timers',
          'form videos for every exercise',
          'heart-rate zone training',
          'progress photos and measurements',
          'home workouts without equipment',
          'coach feedback on videos',
          'challenges with friends',
          'race-day pacing plans',
          'recovery suggestions',
        ],
        keywords: [
          'fitness',
          'workout planner',
          'running',
          'strength training',
          'home workouts',
          'personal trainer',
          'training plan',
          'exercise',
        ],
        problems: [
          'motivation fades after the first three weeks',
          'generic plans ignore your schedule and fitness level',
          'progress stalls and nobody knows why',
          'gym memberships go unused',
        ],
        outcomes: [
          'stick to a routine for longer than a month',
          'train for a first race with confidence',
          'lift more with a plan that adapts',
          'exercise at home in twenty minutes',
        ],
        words: ['Fit', 'Stride', 'Rep', 'Move'],
        attrs: ['coach_chat'],
        faq: {
          question: 'How often should a beginner work out?',
          answer:
            'Two or three sessions a week is a sustainable start for most healthy adults. Consistency matters ' +
            'more than intensity, so pick a plan you can keep up, and check with a doctor if you have health ' +
            'concerns.',
        },
      },
      {
        slug: 'mental-health',
        name: 'Mental Health',
        description: 'Meditation, journaling, therapy and mood-tracking apps that support emotional wellbeing.',
        noun: 'mental wellbeing app',
        nouns: 'mental wellbeing apps',
        audience: ['people dealing with stress', 'new parents', 'students', 'teams looking after wellbeing'],
        features: [
          'guided meditations from two to thirty minutes',
          'a mood journal with patterns over time',
          'CBT-based exercises',
          'breathing exercises for anxious moments',
          'video sessions with licensed therapists',
          'sleep stories',
          'private, encrypted entries',
          'gratitude prompts',
          'crisis resources one tap away',
          'programmes for workplace teams',
        ],
        keywords: [
          'mental health',
          'meditation',
          'mindfulness',
          'journaling',
          'therapy',
          'anxiety',
          'stress relief',
          'wellbeing',
        ],
        problems: [
          'stress builds up unnoticed until it is too much',
          'therapy waiting lists are months long',
          'meditation apps feel like another chore',
          'journaling habits never survive the first week',
        ],
        outcomes: [
          'take ten calm minutes each day',
          'notice mood patterns early',
          'get support from a professional quickly',
          'build a journaling habit that lasts',
        ],
        words: ['Calm', 'Mind', 'Breathe', 'Journal'],
        attrs: ['coach_chat'],
        faq: {
          question: 'Can an app help with anxiety?',
          answer:
            'Apps based on established techniques such as CBT and mindfulness can help many people manage ' +
            'everyday stress and mild anxiety. They are not a substitute for professional care; if you are ' +
            'struggling, please speak to a doctor or a crisis line.',
        },
      },
      {
        slug: 'nutrition',
        name: 'Nutrition',
        description: 'Meal planners, food trackers and recipe apps for eating well without obsessing.',
        noun: 'nutrition app',
        nouns: 'nutrition apps',
        audience: ['home cooks', 'athletes', 'people managing diabetes', 'families planning meals'],
        features: [
          'meal plans built from what is in the fridge',
          'a barcode scanner for packaged food',
          'macro and micronutrient tracking',
          'grocery lists sorted by aisle',
          'recipes filtered by diet',
          'photo-based food logging',
          'water and fasting timers',
          'chat with a dietitian',
          'portion planning for families',
          'weekly nutrition reports',
        ],
        keywords: [
          'nutrition',
          'meal planning',
          'calorie counter',
          'healthy eating',
          'recipes',
          'diet',
          'food tracker',
          'macros',
        ],
        problems: [
          'deciding what to cook every evening is exhausting',
          'food gets wasted because plans and shopping never match',
          'logging every meal takes too long to keep up',
          'diet advice online contradicts itself',
        ],
        outcomes: [
          'plan a week of meals in ten minutes',
          'waste less food',
          'hit nutrition goals without weighing everything',
          'cook healthier meals the whole family eats',
        ],
        words: ['Meal', 'Plate', 'Fresh', 'Bite'],
        attrs: ['barcode_scan'],
        faq: {
          question: 'Is calorie counting necessary to eat healthily?',
          answer:
            'Not for everyone. Many people do better focusing on regular meals, vegetables, protein and fewer ' +
            'ultra-processed foods. Tracking can help with specific goals, ideally with guidance from a ' +
            'dietitian.',
        },
      },
      {
        slug: 'sleep',
        name: 'Sleep',
        description: 'Sleep trackers, smart alarms and wind-down apps for better rest.',
        noun: 'sleep app',
        nouns: 'sleep apps',
        audience: ['shift workers', 'light sleepers', 'new parents', 'frequent travellers'],
        features: [
          'a smart alarm in a light sleep phase',
          'snoring and sleep-talk recording',
          'wind-down routines',
          'soundscapes and white noise',
          'sleep debt tracking',
          'jet-lag plans',
          'bedroom temperature and noise insights',
          'caffeine cut-off reminders',
          'sleep coaching programmes',
          'weekly sleep reports',
        ],
        keywords: [
          'sleep tracker',
          'sleep',
          'insomnia',
          'smart alarm',
          'white noise',
          'jet lag',
          'sleep hygiene',
          'rest',
        ],
        problems: [
          'you wake up groggy even after eight hours in bed',
          'jet lag ruins the first three days of every trip',
          'bedtime keeps drifting later and later',
          'nobody knows whether the snoring is getting worse',
        ],
        outcomes: [
          'wake up at the best moment of the sleep cycle',
          'fall asleep faster with a steady routine',
          'beat jet lag on the next trip',
          'understand what actually improves your sleep',
        ],
        words: ['Sleep', 'Dream', 'Night', 'Rest'],
        attrs: ['smart_alarm'],
        faq: {
          question: 'How accurate are phone-based sleep trackers?',
          answer:
            'Phones and wearables estimate sleep stages from movement and heart rate, so treat the numbers as ' +
            'trends rather than lab-grade measurements. They are good at showing whether a change in routine ' +
            'helps.',
        },
      },
    ],
  },
  {
    slug: 'no-code',
    name: 'No-Code',
    description: 'Builders that let people create websites, automations and internal apps without writing code.',
    attrs: ['free_plan', 'integrations', 'custom_domain', 'templates'],
    faqs: [
      {
        question: 'Will I outgrow a no-code tool?',
        answer:
          'Possibly, but later than you think. Check for data export, an API and custom code blocks, which let ' +
          'you extend a project instead of rebuilding it.',
      },
      {
        question: 'Is no-code secure enough for business data?',
        answer:
          'The better platforms offer role-based permissions, audit logs and compliance reports. Review them ' +
          'like any other vendor that stores your data.',
      },
      {
        question: 'Can developers and non-developers work together in these tools?',
        answer:
          'Yes, and that is often where they shine: non-developers build and change screens and flows, while ' +
          'developers add custom code, integrations and reviews where needed.',
      },
    ],
    subs: [
      {
        slug: 'website-builders',
        name: 'Website Builders',
        description: 'Drag-and-drop and template-based builders for company sites, portfolios and blogs.',
        noun: 'website builder',
        nouns: 'website builders',
        audience: ['small businesses', 'designers', 'photographers', 'restaurants'],
        features: [
          'responsive templates',
          'a visual editor with real CSS control',
          'a built-in CMS for blogs',
          'e-commerce for small catalogues',
          'forms and bookings',
          'SEO settings per page',
          'a global content delivery network',
          'multilingual pages',
          'membership areas',
          'site search',
        ],
        keywords: [
          'website builder',
          'no-code website',
          'portfolio',
          'small business website',
          'cms',
          'templates',
          'blog',
          'web design',
        ],
        problems: [
          'updating a single sentence on the website means emailing the agency',
          'templates all look the same',
          'the old site is slow and breaks on phones',
          'adding a blog or shop requires a full rebuild',
        ],
        outcomes: [
          'publish a professional site in a weekend',
          'change content without asking a developer',
          'look great on every screen',
          'add a shop or blog when you need it',
        ],
        words: ['Site', 'Web', 'Press', 'Studio'],
        attrs: ['ecommerce'],
        faq: {
          question: 'Can I move my site to another platform later?',
          answer:
            'It is easier with builders that export clean HTML or give you your content as CSV or Markdown. ' +
            'Some closed platforms make it hard, so check export options before investing in a big site.',
        },
      },
      {
        slug: 'automation',
        name: 'Automation',
        description: 'Workflow automation tools that connect apps and move data between them without code.',
        noun: 'automation platform',
        nouns: 'automation platforms',
        audience: ['operations managers', 'marketers', 'small business owners', 'revenue operations teams'],
        features: [
          'a visual workflow builder',
          'hundreds of app connectors',
          'webhooks in and out',
          'branching and loops',
          'error handling with retries',
          'scheduled workflows',
          'code steps for custom logic',
          'run history with replays',
          'shared team workspaces',
          'self-hosted runners',
        ],
        keywords: [
          'workflow automation',
          'integrations',
          'no-code automation',
          'ipaas',
          'webhooks',
          'business process automation',
          'app integrations',
          'task automation',
        ],
        problems: [
          'data is copied between apps by hand every morning',
          'one broken integration silently stops orders from syncing',
          'every new tool means another manual export',
          'the automation bill grows faster than the business',
        ],
        outcomes: [
          'connect your apps in minutes',
          'stop copying data between tools',
          'know immediately when an integration fails',
          'automate busywork without engineers',
        ],
        words: ['Flow', 'Sync', 'Link', 'Relay'],
        attrs: ['self_hosted'],
        faq: {
          question: 'What is the difference between triggers and actions?',
          answer:
            'A trigger is the event that starts a workflow, such as a new form response. Actions are the steps ' +
            'that follow, such as creating a CRM contact and sending a message. Most tools price by the number ' +
            'of actions that run.',
        },
      },
      {
        slug: 'internal-tools',
        name: 'Internal Tools',
        description: 'Builders for admin panels, dashboards and back-office apps on top of your own data.',
        noun: 'internal tool builder',
        nouns: 'internal tool builders',
        audience: ['engineering teams', 'operations teams', 'support teams', 'early-stage startups'],
        features: [
          'drag-and-drop components bound to SQL queries',
          'connectors to databases and REST APIs',
          'role-based access control',
          'audit logs',
          'custom JavaScript where needed',
          'mobile-friendly apps for field teams',
          'approval workflows',
          'version control with git',
          'self-hosted deployment',
          'single sign-on',
        ],
        keywords: [
          'internal tools',
          'admin panel',
          'back office',
          'low-code',
          'crud app',
          'dashboard builder',
          'operations',
          'app builder',
        ],
        problems: [
          'support waits on engineers for every data fix',
          "admin scripts run from one developer's laptop",
          'the back office is a maze of spreadsheets',
          'building a simple admin screen takes a whole sprint',
        ],
        outcomes: [
          'build an admin panel in an afternoon',
          'give support safe access to fix data',
          'replace spreadsheets with real apps',
          'free engineers from back-office requests',
        ],
        words: ['Admin', 'Panel', 'Console', 'Ops'],
        attrs: ['self_hosted'],
        faq: {
          question: 'Is it safe to connect an internal tool builder to production data?',
          answer:
            'It can be, with read-only credentials where possible, role-based permissions and audit logs. ' +
            'Self-hosted options keep data inside your own network.',
        },
      },
    ],
  },
];

/** Every category slug in tree order (top-level first, then its subcategories). Cheap, so the
 *  synthetic generator can use it without building the whole demo data set. */
export function demoCategorySlugs(): string[] {
  return CATEGORY_TREE.flatMap((top) => [top.slug, ...top.subs.map((s) => s.slug)]);
}

// ───────────────────────────── places and people
// ─────────────────────────────

interface Place {
  code: string;
  name: string;
  cities: readonly string[];
  weight: number;
}

// Weights lean towards where launch directories get most submissions, with a long tail.
// A few accented city names on purpose (accent-insensitive search).
const PLACES: readonly Place[] = [
  {
    code: 'US',
    name: 'the United States',
    cities: ['San Francisco', 'New York', 'Austin', 'Seattle', 'Denver', 'Chicago', 'Boston'],
    weight: 18,
  },
  { code: 'GB', name: 'the United Kingdom', cities: ['London', 'Manchester', 'Bristol', 'Edinburgh'], weight: 8 },
  { code: 'DE', name: 'Germany', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne'], weight: 7 },
  { code: 'FR', name: 'France', cities: ['Paris', 'Lyon', 'Nantes', 'Bordeaux'], weight: 5 },
  { code: 'NL', name: 'the Netherlands', cities: ['Amsterdam', 'Utrecht', 'Rotterdam'], weight: 4 },
  { code: 'ES', name: 'Spain', cities: ['Barcelona', 'Madrid', 'Valencia', 'Málaga'], weight: 4 },
  { code: 'PT', name: 'Portugal', cities: ['Lisbon', 'Porto'], weight: 3 },
  { code: 'IT', name: 'Italy', cities: ['Milan', 'Turin', 'Bologna'], weight: 2 },
  { code: 'SE', name: 'Sweden', cities: ['Stockholm', 'Gothenburg', 'Malmö'], weight: 3 },
  { code: 'DK', name: 'Denmark', cities: ['Copenhagen', 'Aarhus'], weight: 2 },
  { code: 'FI', name: 'Finland', cities: ['Helsinki', 'Tampere'], weight: 2 },
  { code: 'NO', name: 'Norway', cities: ['Oslo', 'Bergen'], weight: 1 },
  { code: 'PL', name: 'Poland', cities: ['Warsaw', 'Kraków', 'Wrocław'], weight: 3 },
  { code: 'CZ', name: 'Czechia', cities: ['Prague', 'Brno'], weight: 1 },
  { code: 'EE', name: 'Estonia', cities: ['Tallinn', 'Tartu'], weight: 1 },
  { code: 'IE', name: 'Ireland', cities: ['Dublin', 'Cork', 'Galway'], weight: 2 },
  { code: 'CH', name: 'Switzerland', cities: ['Zurich', 'Geneva', 'Lausanne'], weight: 2 },
  { code: 'AT', name: 'Austria', cities: ['Vienna', 'Graz'], weight: 1 },
  { code: 'UA', name: 'Ukraine', cities: ['Kyiv', 'Lviv'], weight: 2 },
  { code: 'TR', name: 'Türkiye', cities: ['Istanbul', 'Izmir'], weight: 1 },
  { code: 'IL', name: 'Israel', cities: ['Tel Aviv', 'Haifa'], weight: 1 },
  { code: 'CA', name: 'Canada', cities: ['Toronto', 'Vancouver', 'Montréal'], weight: 5 },
  { code: 'MX', name: 'Mexico', cities: ['Mexico City', 'Guadalajara'], weight: 2 },
  { code: 'BR', name: 'Brazil', cities: ['São Paulo', 'Florianópolis', 'Belo Horizonte'], weight: 3 },
  { code: 'AR', name: 'Argentina', cities: ['Buenos Aires', 'Córdoba'], weight: 1 },
  { code: 'CO', name: 'Colombia', cities: ['Bogotá', 'Medellín'], weight: 1 },
  { code: 'IN', name: 'India', cities: ['Bengaluru', 'Pune', 'Hyderabad', 'Delhi'], weight: 7 },
  { code: 'SG', name: 'Singapore', cities: ['Singapore'], weight: 2 },
  { code: 'JP', name: 'Japan', cities: ['Tokyo', 'Osaka', 'Fukuoka'], weight: 2 },
  { code: 'KR', name: 'South Korea', cities: ['Seoul', 'Busan'], weight: 1 },
  { code: 'VN', name: 'Vietnam', cities: ['Ho Chi Minh City', 'Hanoi', 'Da Nang'], weight: 1 },
  { code: 'ID', name: 'Indonesia', cities: ['Jakarta', 'Bandung'], weight: 1 },
  { code: 'PH', name: 'the Philippines', cities: ['Manila', 'Cebu'], weight: 1 },
  { code: 'AU', name: 'Australia', cities: ['Sydney', 'Melbourne', 'Brisbane'], weight: 4 },
  { code: 'NZ', name: 'New Zealand', cities: ['Auckland', 'Wellington'], weight: 1 },
  { code: 'NG', name: 'Nigeria', cities: ['Lagos', 'Abuja'], weight: 2 },
  { code: 'KE', name: 'Kenya', cities: ['Nairobi', 'Mombasa'], weight: 1 },
  { code: 'ZA', name: 'South Africa', cities: ['Cape Town', 'Johannesburg'], weight: 1 },
  { code: 'EG', name: 'Egypt', cities: ['Cairo', 'Alexandria'], weight: 1 },
  { code: 'AE', name: 'the United Arab Emirates', cities: ['Dubai', 'Abu Dhabi'], weight: 1 },
];

const PLACE_BY_CODE = new Map(PLACES.map((p) => [p.code, p]));

/** "Boston, United States": no article after a city. */
function cityIn(city: string, place: Place): string {
  return city === place.name ? city : `${city}, ${place.name.replace(/^the /, '')}`;
}

const SMALL_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function placeOf(code: string): Place {
  const place = PLACE_BY_CODE.get(code);
  if (!place) throw new Error(`unknown country ${code}`);
  return place;
}

interface NamePool {
  countries: readonly string[];
  first: readonly string[];
  last: readonly string[];
  weight: number;
}

// Invented combinations of common given names and surnames per region; accents kept
// (José, Müller, Søren) so founder search has to fold them.
const NAME_POOLS: readonly NamePool[] = [
  {
    countries: ['US', 'US', 'US', 'GB', 'CA', 'AU', 'IE', 'NZ'],
    weight: 30,
    first: [
      'Emma',
      'Liam',
      'Olivia',
      'Noah',
      'Ava',
      'Mason',
      'Harper',
      'Ethan',
      'Grace',
      'Caleb',
      'Maya',
      'Owen',
      'Chloe',
      'Isaac',
      'Nora',
      'Julian',
      'Ruby',
      'Miles',
      'Hazel',
      'Theo',
      'Jordan',
      'Priya',
      'Marcus',
      'Leah',
    ],
    last: [
      'Carter',
      'Bennett',
      'Hughes',
      'Foster',
      'Reed',
      'Coleman',
      'Sullivan',
      'Brooks',
      'Hayes',
      'Porter',
      'Walsh',
      'Fletcher',
      'Donovan',
      'Pierce',
      'Whitaker',
      'Gallagher',
      'Lawson',
      'Marsh',
      'Kendall',
      'Barrett',
      'Okoro',
      'Nakamura',
    ],
  },
  {
    countries: ['DE', 'DE', 'AT', 'CH'],
    weight: 10,
    first: [
      'Lukas',
      'Hannah',
      'Jonas',
      'Lea',
      'Felix',
      'Marie',
      'Tobias',
      'Katrin',
      'Jürgen',
      'Anja',
      'Matthias',
      'Sophie',
      'Jörg',
      'Mareike',
    ],
    last: [
      'Müller',
      'Schneider',
      'Becker',
      'Wagner',
      'Hoffmann',
      'Krüger',
      'Zimmermann',
      'Vogel',
      'Lang',
      'Köhler',
      'Brandt',
      'Seidel',
      'Weiß',
    ],
  },
  {
    countries: ['FR', 'FR', 'CH', 'CA'],
    weight: 7,
    first: [
      'Camille',
      'Louis',
      'Léa',
      'Hugo',
      'Chloé',
      'Mathis',
      'Inès',
      'Théo',
      'Élodie',
      'Antoine',
      'Margaux',
      'Rémi',
    ],
    last: [
      'Dubois',
      'Lefèvre',
      'Moreau',
      'Girard',
      'Fontaine',
      'Rousseau',
      'Garnier',
      'Chevalier',
      'Lambert',
      'Mercier',
      'Faure',
      'Roche',
    ],
  },
  {
    countries: ['ES', 'ES', 'MX', 'AR', 'CO'],
    weight: 9,
    first: [
      'Lucía',
      'Mateo',
      'Sofía',
      'Diego',
      'Valentina',
      'Javier',
      'Camila',
      'Andrés',
      'Paula',
      'Santiago',
      'Elena',
      'Tomás',
      'José',
      'Ángela',
    ],
    last: [
      'García',
      'Fernández',
      'López',
      'Martínez',
      'Sánchez',
      'Romero',
      'Navarro',
      'Ortega',
      'Castillo',
      'Herrera',
      'Vargas',
      'Muñoz',
    ],
  },
  {
    countries: ['PT', 'BR', 'BR'],
    weight: 6,
    first: ['João', 'Beatriz', 'Gabriel', 'Mariana', 'Rafael', 'Larissa', 'Thiago', 'Inês', 'Bruno', 'Carolina'],
    last: ['Silva', 'Santos', 'Oliveira', 'Costa', 'Pereira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gonçalves', 'Azevedo'],
  },
  {
    countries: ['IT'],
    weight: 3,
    first: ['Giulia', 'Marco', 'Chiara', 'Luca', 'Francesca', 'Matteo', 'Alessia', 'Davide', 'Sara', 'Niccolò'],
    last: ['Rossi', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Gallo', 'Conti', 'De Luca'],
  },
  {
    countries: ['SE', 'SE', 'DK', 'NO'],
    weight: 5,
    first: ['Astrid', 'Erik', 'Freja', 'Søren', 'Ingrid', 'Magnus', 'Linnea', 'Björn', 'Oskar', 'Sigrid'],
    last: [
      'Lindqvist',
      'Johansson',
      'Nielsen',
      'Andersen',
      'Berg',
      'Halvorsen',
      'Sørensen',
      'Nyström',
      'Dahl',
      'Ekström',
    ],
  },
  {
    countries: ['FI'],
    weight: 2,
    first: ['Mikko', 'Aino', 'Sanna', 'Juho', 'Elina', 'Ville'],
    last: ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Heikkinen', 'Laine'],
  },
  {
    countries: ['PL'],
    weight: 3,
    first: ['Łukasz', 'Zofia', 'Piotr', 'Agnieszka', 'Jakub', 'Katarzyna', 'Marek', 'Ola'],
    last: ['Nowak', 'Kowalczyk', 'Wójcik', 'Mazur', 'Lewandowski', 'Zieliński', 'Kamiński', 'Dąbrowski'],
  },
  {
    countries: ['CZ'],
    weight: 1,
    first: ['Tereza', 'Ondřej', 'Lucie', 'Tomáš', 'Petra', 'Vojtěch'],
    last: ['Dvořák', 'Novák', 'Horák', 'Černý', 'Procházka', 'Veselý'],
  },
  {
    countries: ['UA'],
    weight: 2,
    first: ['Olena', 'Dmytro', 'Kateryna', 'Andrii', 'Iryna', 'Oleksandr'],
    last: ['Shevchenko', 'Bondarenko', 'Kravets', 'Melnyk', 'Tkachenko', 'Koval'],
  },
  {
    countries: ['EE'],
    weight: 1,
    first: ['Kadri', 'Mart', 'Liis', 'Tanel', 'Kertu', 'Rasmus'],
    last: ['Tamm', 'Saar', 'Sepp', 'Mägi', 'Kask', 'Rebane'],
  },
  {
    countries: ['NL'],
    weight: 3,
    first: ['Sanne', 'Daan', 'Fleur', 'Bram', 'Lotte', 'Joris', 'Femke', 'Sem'],
    last: ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'van Dijk', 'Mulder', 'Dekker'],
  },
  {
    countries: ['IN', 'IN', 'IN', 'SG'],
    weight: 9,
    first: [
      'Aarav',
      'Priya',
      'Rohan',
      'Ananya',
      'Vikram',
      'Meera',
      'Arjun',
      'Kavya',
      'Siddharth',
      'Ishita',
      'Rahul',
      'Nisha',
    ],
    last: [
      'Sharma',
      'Iyer',
      'Patel',
      'Reddy',
      'Nair',
      'Gupta',
      'Menon',
      'Desai',
      'Kulkarni',
      'Chatterjee',
      'Rao',
      'Bhat',
    ],
  },
  {
    countries: ['JP'],
    weight: 3,
    first: ['Haruto', 'Yui', 'Sota', 'Aoi', 'Ren', 'Hina', 'Kaito', 'Sakura', 'Daiki', 'Mei'],
    last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Nakamura', 'Kobayashi', 'Yamamoto', 'Kato'],
  },
  {
    countries: ['KR'],
    weight: 2,
    first: ['Minjun', 'Seoyeon', 'Jiho', 'Hayun', 'Dohyun', 'Jiwoo', 'Yejin', 'Seojun'],
    last: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon'],
  },
  {
    countries: ['SG'],
    weight: 1,
    first: ['Wei Ling', 'Jun Hao', 'Mei Xin', 'Kai Wen', 'Hui Min', 'Jia Hui'],
    last: ['Tan', 'Lim', 'Ng', 'Goh', 'Chua', 'Teo'],
  },
  {
    countries: ['VN'],
    weight: 1,
    first: ['Minh', 'Linh', 'Huy', 'Trang', 'Anh', 'Quang'],
    last: ['Nguyễn', 'Trần', 'Phạm', 'Lê', 'Hoàng', 'Đặng'],
  },
  {
    countries: ['ID'],
    weight: 1,
    first: ['Putri', 'Agus', 'Dewi', 'Rizky', 'Sari', 'Bayu'],
    last: ['Wijaya', 'Santoso', 'Pratama', 'Halim', 'Kusuma', 'Saputra'],
  },
  {
    countries: ['PH'],
    weight: 1,
    first: ['Miguel', 'Andrea', 'Paolo', 'Bea', 'Carlo', 'Isabel'],
    last: ['Reyes', 'Cruz', 'Bautista', 'Villanueva', 'Mendoza', 'Aquino'],
  },
  {
    countries: ['NG'],
    weight: 3,
    first: ['Chinedu', 'Amaka', 'Tunde', 'Ngozi', 'Emeka', 'Folake', 'Ifeoma', 'Segun'],
    last: ['Okafor', 'Adeyemi', 'Eze', 'Balogun', 'Nwosu', 'Okonkwo', 'Adebayo', 'Obi'],
  },
  {
    countries: ['KE'],
    weight: 1,
    first: ['Wanjiru', 'Otieno', 'Akinyi', 'Kamau', 'Njeri', 'Mwangi'],
    last: ['Odhiambo', 'Kariuki', 'Wambui', 'Kiprono', 'Mutua', 'Achieng'],
  },
  {
    countries: ['ZA'],
    weight: 1,
    first: ['Thandiwe', 'Sipho', 'Lerato', 'Johan', 'Nomvula', 'Pieter'],
    last: ['Nkosi', 'Dlamini', 'van der Merwe', 'Botha', 'Mokoena', 'Naidoo'],
  },
  {
    countries: ['EG', 'AE'],
    weight: 2,
    first: ['Youssef', 'Nour', 'Omar', 'Salma', 'Karim', 'Laila'],
    last: ['Hassan', 'Mostafa', 'Farouk', 'Saleh', 'Mansour', 'Fahmy'],
  },
  {
    countries: ['TR'],
    weight: 1,
    first: ['Elif', 'Emre', 'Zeynep', 'Burak', 'Defne', 'Mert'],
    last: ['Yılmaz', 'Demir', 'Kaya', 'Şahin', 'Çelik', 'Aydın'],
  },
  {
    countries: ['IL'],
    weight: 1,
    first: ['Noa', 'Itai', 'Tamar', 'Yonatan', 'Maya', 'Eitan'],
    last: ['Cohen', 'Levi', 'Mizrahi', 'Friedman', 'Shapiro', 'Katz'],
  },
];

const PREVIOUS_WORK = [
  'led engineering at a payments start-up',
  'ran product at a logistics scale-up',
  'worked as a designer at a branding agency',
  'worked in enterprise sales',
  'worked as a data scientist at a large retailer',
  'taught computer science at a university',
  'ran growth at a travel booking site',
  'freelanced as a full-stack developer',
  'managed customer support at a SaaS company',
  'built trading systems at a bank',
  'worked in operations at a food delivery company',
  'was an early engineer at a games studio',
  'ran a small web agency',
  'worked as a product manager at a telecom operator',
  'researched human-computer interaction',
  'coached startup teams at an accelerator',
  'led a newsroom data team',
  'built hospital scheduling software',
];

const PASTIMES = [
  'runs half-marathons',
  'writes a newsletter about bootstrapping',
  'mentors first-time founders',
  'contributes to open-source projects',
  'is slowly learning Japanese',
  'bakes sourdough at weekends',
  'climbs whenever the weather allows',
  'plays in an amateur jazz band',
  'restores old bicycles',
  'hosts a small podcast about product craft',
  'volunteers at a coding club for teenagers',
  'collects vintage synthesizers',
];

const LEAD_TITLES = ['Founder & CEO', 'Co-founder & CEO', 'Founder', 'Co-founder & CEO', 'Founder & CEO'];
const COFOUNDER_TITLES = [
  'Co-founder & CTO',
  'Co-founder, Product',
  'Co-founder & Head of Design',
  'Co-founder, Engineering',
  'Co-founder & COO',
  'Co-founder, Growth',
];

interface FounderDraft {
  slug: string;
  name: string;
  first: string;
  country: string;
  city: string;
  pastWork: string;
  pastime: string;
  years: number;
  socials: Record<string, string>;
}

/** Founders with unique names and slugs; bios are finished once we know their products. */
function draftFounders(rng: Rng, count: number): FounderDraft[] {
  const drafts: FounderDraft[] = [];
  const seen = new Set<string>();
  const poolEntries = NAME_POOLS.map((p) => [p, p.weight] as const);
  while (drafts.length < count) {
    const pool = rng.weighted(poolEntries);
    const first = rng.pick(pool.first);
    const last = rng.pick(pool.last);
    const name = `${first} ${last}`;
    const slug = slugify(name);
    if (seen.has(slug)) continue;
    seen.add(slug);
    const country = rng.pick(pool.countries);
    const handle = slug.replace(/-/g, '');
    const socials: Record<string, string> = { linkedin: `https://www.linkedin.com/in/${slug}` };
    if (rng.chance(0.7)) socials.x = `https://x.com/${handle.slice(0, 15)}`;
    if (rng.chance(0.4)) socials.github = `https://github.com/${handle}`;
    if (rng.chance(0.3)) socials.website = `https://${handle}.example`;
    drafts.push({
      slug,
      name,
      first,
      country,
      city: rng.pick(placeOf(country).cities),
      pastWork: rng.pick(PREVIOUS_WORK),
      pastime: rng.pick(PASTIMES),
      years: rng.int(3, 14),
      socials,
    });
  }
  return drafts;
}

// ───────────────────────────── product names
// ─────────────────────────────

// Names are built from invented syllables ("Kalvora", "Tesk Ledger") so they read like brands
// without borrowing real companies; the blocklist catches combinations that happen to be real
// or are plain English words.
const NAME_STARTS = [
  'Lum',
  'Ver',
  'Zen',
  'Kal',
  'Mor',
  'Tav',
  'Quil',
  'Nov',
  'Bri',
  'Sol',
  'Fen',
  'Dax',
  'Orb',
  'Pax',
  'Rul',
  'Sev',
  'Tor',
  'Ulv',
  'Vel',
  'Wyn',
  'Yar',
  'Zor',
  'Cad',
  'Elm',
  'Fir',
  'Gal',
  'Hal',
  'Ist',
  'Jun',
  'Kor',
  'Lyr',
  'Mav',
  'Nim',
  'Ost',
  'Pim',
  'Quo',
  'Rav',
  'Sil',
  'Tesk',
  'Umb',
  'Vox',
  'Wex',
  'Xan',
  'Yel',
  'Zim',
  'Bex',
  'Cov',
  'Dun',
  'Evo',
  'Flo',
];
const NAME_ENDINGS = [
  'ora',
  'ix',
  'ly',
  'io',
  'ent',
  'ara',
  'eo',
  'ium',
  'ana',
  'ivo',
  'en',
  'ist',
  'era',
  'ux',
  'ami',
  'oda',
  'ette',
  'ari',
  'ova',
  'ine',
  'ado',
  'ic',
  'um',
  'aro',
  'ela',
  'ify',
  'ito',
  'ane',
  'opa',
  'yx',
];
const NAME_BLOCKLIST = new Set([
  'zenly',
  'lumen',
  'flora',
  'solara',
  'novio',
  'torent',
  'galic',
  'solum',
  'orbit',
  'novum',
  'evoly',
  'juno',
  'silent',
  'silica',
  'florist',
  'umbra',
  'torino',
  'galen',
  'velum',
  'evoque',
  'moran',
  'ravine',
  'florine',
  'novara',
  'zenith',
  'solid',
  'soly',
  'tori',
  'moraine',
  'lumino',
  'verano',
  'kalium',
  'solaro',
  'novica',
  'orbic',
  'zenana',
  'torito',
  'koren',
  'floify',
  'kalana',
  'sevent',
  'galant',
  'florent',
  'lyric',
  'ostent',
  'halium',
]);

/** Listings with accented names so accent-insensitive search has something to find. */
const ACCENTED_LISTINGS: readonly { name: string; sub: string }[] = [
  { name: 'Café Ledger', sub: 'accounting' },
  { name: 'Über Notes', sub: 'note-taking' },
  { name: 'Crème Metrics', sub: 'product-analytics' },
  { name: 'Señal CRM', sub: 'crm' },
  { name: 'Fjörd Deploy', sub: 'ci-cd' },
  { name: 'Déjà Review', sub: 'code-review' },
  { name: 'Naïve Forms', sub: 'surveys' },
  { name: 'Façade Kit', sub: 'design-systems' },
  { name: 'Ñandú Lingo', sub: 'language-learning' },
  { name: 'Mañana Tasks', sub: 'task-management' },
  { name: 'Rêve Sleep', sub: 'sleep' },
];

function inventName(rng: Rng, sub: SubcategoryDef, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    let root = rng.pick(NAME_STARTS) + rng.pick(NAME_ENDINGS);
    // Past a few collisions, add a middle syllable to widen the space.
    if (attempt > 6)
      root = rng.pick(NAME_STARTS) + rng.pick(['a', 'e', 'i', 'o']) + rng.pick(NAME_ENDINGS).replace(/^[aeiou]/, 'r');
    if (NAME_BLOCKLIST.has(root.toLowerCase())) continue;
    const name = rng.chance(0.45) ? `${root} ${rng.pick(sub.words)}` : root;
    const key = foldName(name);
    if (taken.has(key) || taken.has(foldName(root))) continue;
    taken.add(key);
    return name;
  }
}

// ───────────────────────────── listing text templates
// ─────────────────────────────

interface TextCtx {
  name: string;
  domain: string;
  noun: string;
  nouns: string;
  subName: string;
  adj: string;
  audience: string;
  audience2: string;
  /** Chosen features, lower-case phrases (at least four). */
  f: string[];
  /** Features the listing does not have yet (for roadmap sentences). */
  later: string[];
  problem: string;
  outcome: string;
  outcome2: string;
  city: string | null;
  place: Place | null;
  year: number | null;
  founderNames: string[];
  stage: DemoListing['stage'];
  pricingModel: DemoListing['pricingModel'];
  pricingSummary: string | null;
  contactEmail: string | null;
  n: number; // a plausible headcount of users/teams for stage sentences
}

type Template = (c: TextCtx) => string;

/** A feature as a stand-alone list item: no leading article, capitalised. */
function item(feature: string): string {
  return cap(feature.replace(/^(a|an) /, ''));
}
function bare(feature: string): string {
  return feature.replace(/^(a|an) /, '');
}

const ADJECTIVES = [
  'lightweight',
  'privacy-first',
  'keyboard-driven',
  'friendly',
  'fast',
  'no-nonsense',
  'calm',
  'affordable',
  'collaborative',
  'modern',
  'simple',
  'thoughtful',
  'focused',
  'opinionated',
  'reliable',
  'flexible',
  'beautifully designed',
  'refreshingly simple',
];

const TAGLINES: readonly Template[] = [
  (c) => `${cap(c.outcome)} with ${a(c.adj)} ${c.noun} built for ${c.audience}`,
  (c) => `The ${c.adj} ${c.noun} for ${c.audience}`,
  (c) => `${item(c.f[0]!)}, ${bare(c.f[1]!)} and more in one ${c.adj} ${c.noun}`,
  (c) => `Helps ${c.audience} ${c.outcome}`,
  (c) => `${cap(a(c.adj))} ${c.noun} that helps you ${c.outcome}`,
  (c) => `${cap(c.outcome)}, without the usual busywork`,
  (c) => `${cap(c.noun)} for ${c.audience} who want to ${c.outcome}`,
  (c) => `Finally, ${a(c.noun)} that lets ${c.audience} ${c.outcome}`,
  (c) =>
    c.city ? `${cap(c.outcome)}: ${a(c.adj)} ${c.noun} made in ${c.city}` : `${cap(c.outcome)}: ${a(c.adj)} ${c.noun}`,
];

const HEADLINES: readonly Template[] = [
  (c) => `Meet ${c.name}: ${a(c.adj)} ${c.noun} for ${c.audience}`,
  (c) => `${c.name} helps ${c.audience} ${c.outcome}`,
  (c) => `Why ${c.audience} are switching to ${c.name}`,
  (c) => `${c.name}: ${cap(c.outcome)}`,
  (c) => `${c.name} brings ${bare(c.f[0]!)} and ${bare(c.f[1]!)} to ${c.audience}`,
  (c) => `${c.name} is the ${c.noun} that finally lets you ${c.outcome}`,
  (c) => `How ${c.name} helps ${c.audience2} ${c.outcome2}`,
];

const SHORT_DESCRIPTIONS: readonly Template[] = [
  (c) => `${c.name} is ${a(c.adj)} ${c.noun} for ${c.audience}. It combines ${c.f[0]} with ${c.f[1]}.`,
  (c) => `Built for ${c.audience}, ${c.name} helps you ${c.outcome} with ${c.f[0]}, ${c.f[1]} and ${c.f[2]}.`,
  (c) => `${c.name} gives ${c.audience} ${c.f[0]} and ${c.f[1]}, so they can ${c.outcome}.`,
  (c) =>
    `${cap(a(c.noun))} with ${c.f[0]}, ${c.f[1]} and ${c.f[2]}. ${c.name} is made for ${c.audience} who want ` +
    `to ${c.outcome}.`,
  (c) =>
    c.city
      ? `${c.name} is ${a(c.noun)} made in ${c.city} for ${c.audience} who want to ${c.outcome}.`
      : `${c.name} is ${a(c.noun)} for ${c.audience} who want to ${c.outcome}. It comes with ${c.f[0]} and ${c.f[1]}.`,
];

const SUMMARIES: readonly Template[] = [
  (c) => `${c.name} is ${a(c.noun)} for ${c.audience}. ${cap(c.outcome)} with ${c.f[0]} and ${c.f[1]}.`,
  (c) => `${cap(c.problem)}? ${c.name} fixes that with ${c.f[0]}, ${c.f[1]} and ${c.f[2]}.`,
  (c) =>
    `${c.name} helps ${c.audience} and ${c.audience2} ${c.outcome}. Standout features: ${bare(c.f[0]!)} and ` +
    `${bare(c.f[1]!)}.`,
  (c) => `${cap(a(c.adj))} take on ${c.nouns}: ${c.name} lets you ${c.outcome2}, all from one place.`,
];

const INTRO_PARAGRAPHS: readonly Template[] = [
  (c) =>
    `Most ${c.audience} we spoke to described the same problem: ${c.problem}. ${c.name} is ${a(c.adj)} ` +
    `${c.noun} designed to make that a thing of the past.`,
  (c) =>
    `${c.name} started with a simple observation: ${c.problem}. Instead of adding yet another complicated ` +
    `${c.noun}, the team set out to build something ${c.audience} could set up in minutes and rely on every ` +
    `day.`,
  (c) => `${cap(c.problem)}. Sound familiar? ${c.name} is ${a(c.noun)} for ${c.audience} that helps you ${c.outcome}.`,
  (c) =>
    `${c.name} helps ${c.audience} ${c.outcome}. It exists because ${c.problem}, and the existing ${c.nouns} ` +
    `felt either too heavy or too limited.`,
];

const FEATURE_PARAGRAPHS: readonly Template[] = [
  (c) =>
    `At its core, ${c.name} offers ${c.f[0]}, ${c.f[1]} and ` +
    `${c.f[2]}.${c.f[3] ? ` It also includes ${c.f[3]}, which early customers mention again and again.` : ''}`,
  (c) =>
    `The feature list is short on purpose. You get ${joinList(c.f.slice(0, 5))}. Each piece is designed to ` +
    `work with the others rather than to fill a comparison table.`,
  (c) =>
    `Highlights include ${c.f[0]} and ${c.f[1]}. Teams that need more can turn on ` +
    `${c.f[2]}${c.f[3] ? ` and ${c.f[3]}` : ''} whenever they are ready.`,
  (c) =>
    `Everything starts with ${c.f[0]}. From there, ${c.f[1]} and ${c.f[2]} take care of the rest, so you can ` +
    `${c.outcome2} from one place.`,
];

function stageSentence(c: TextCtx): string {
  switch (c.stage) {
    case 'idea':
      return (
        `${c.name} is at an early stage: the team is validating the idea with a waitlist and looking for design ` +
        `partners who want to shape the roadmap.`
      );
    case 'beta':
      return 'The product is in public beta, so expect frequent releases and a team that answers feedback personally.';
    case 'launched':
      return `After a private beta with ${c.n} early users, ${c.name} is now generally available.`;
    case 'growing':
      return (
        `Today ${c.name} is used by more than ${thousands(c.n)} teams, and most new customers arrive through ` +
        `word of mouth.`
      );
    case 'established':
      return c.year
        ? `${c.name} has been around since ${c.year} and is trusted by thousands of ${c.audience}.`
        : `${c.name} has been around for years and is trusted by thousands of ${c.audience}.`;
  }
}

const FIT_PARAGRAPHS: readonly Template[] = [
  (c) => `${stageSentence(c)}${c.pricingSummary ? ` Pricing is simple: ${c.pricingSummary}` : ''}`,
  (c) =>
    `${c.name} fits into the tools ${c.audience} already use, and moving in from another ${c.noun} takes an ` +
    `afternoon rather than a week. ${stageSentence(c)}`,
  (c) => `In the crowded ${c.subName} space, ${c.name} stands out by doing fewer things well. ${stageSentence(c)}`,
];

function teamParagraph(c: TextCtx): string {
  const who = joinList(c.founderNames);
  if (c.year && c.city && c.place)
    return `${c.name} was founded in ${c.year} by ${who} and is based in ${cityIn(c.city, c.place)}.`;
  if (c.city && c.place) return `The team behind ${c.name}, led by ${who}, works from ${cityIn(c.city, c.place)}.`;
  if (c.place) return `${c.name} is built by ${who} and a small remote-first team in ${c.place.name}.`;
  return `${c.name} is built by ${who} and a small remote team.`;
}

const CLOSING_PARAGRAPHS: readonly Template[] = [
  (c) =>
    `If you want to ${c.outcome2}, ${c.name} is worth a ` +
    `try.${['free', 'freemium', 'open-source'].includes(c.pricingModel) ? ' You can start for free.' : ''}`,
  (c) =>
    `Next on the roadmap: ${bare(c.later[0]!)} and ${bare(c.later[1]!)}. The team publishes a changelog every ` +
    `few weeks and reads every piece of feedback.`,
  (c) =>
    `${c.name} is listed under ${c.subName} on Launchdeck. Questions and feature requests are ` +
    `welcome${c.contactEmail ? ` at ${c.contactEmail}` : ' through the website'}.`,
];

function buildDescription(rng: Rng, c: TextCtx): string {
  const paragraphs = [rng.pick(INTRO_PARAGRAPHS)(c), rng.pick(FEATURE_PARAGRAPHS)(c)];
  if (rng.chance(0.8)) paragraphs.push(rng.pick(FIT_PARAGRAPHS)(c));
  if (rng.chance(0.7)) paragraphs.push(teamParagraph(c));
  paragraphs.push(rng.pick(CLOSING_PARAGRAPHS)(c));
  return clamp(paragraphs.join('\n\n'), DEMO_LIMITS.description);
}

function seoTitle(rng: Rng, c: TextCtx): string {
  const preferred = rng.pick([
    `${c.name} – ${cap(c.noun)} for ${cap(c.audience)}`,
    `${c.name}: ${cap(c.outcome)}`,
    `${c.name} – ${cap(c.adj)} ${c.noun}`,
  ]);
  return fit([preferred, `${c.name} – ${cap(c.noun)}`, c.name], DEMO_LIMITS.seoTitle);
}

function seoDescription(rng: Rng, c: TextCtx): string {
  const preferred = rng.pick([
    `${c.name} is ${a(c.adj)} ${c.noun} for ${c.audience}. ${item(c.f[0]!)}, ${bare(c.f[1]!)} and more.`,
    `${cap(c.outcome)} with ${c.name}: ${bare(c.f[0]!)}, ${bare(c.f[1]!)} and ${bare(c.f[2]!)} for ${c.audience}.`,
    `Discover ${c.name}, ${a(c.noun)} that helps ${c.audience} ${c.outcome}.`,
  ]);
  return fit(
    [preferred, `${c.name}: ${a(c.noun)} for ${c.audience}.`, `${c.name}: ${a(c.noun)}.`],
    DEMO_LIMITS.seoDescription,
  );
}

// ───────────────────────────── listing facts
// ─────────────────────────────

const STAGES = [
  ['idea', 6],
  ['beta', 18],
  ['launched', 36],
  ['growing', 28],
  ['established', 12],
] as const;
const PRICING_MODELS = [
  ['freemium', 30],
  ['subscription', 20],
  ['open-source', 12],
  ['usage-based', 12],
  ['paid', 10],
  ['free', 8],
  ['one-time', 8],
] as const;

const USAGE_UNITS: Record<string, string> = {
  'developer-tools': 'requests',
  ai: 'requests',
  analytics: 'events',
  marketing: 'emails',
  finance: 'transactions',
  sales: 'contacts',
  'no-code': 'tasks',
  productivity: 'actions',
  design: 'exports',
  education: 'learner hours',
  health: 'sessions',
};

function pricingSummaryFor(rng: Rng, model: DemoListing['pricingModel'], topSlug: string): string {
  const p = rng.pick([5, 8, 9, 12, 15, 19, 24, 29, 39, 49, 79, 99]);
  switch (model) {
    case 'free':
      return rng.pick([
        'Free to use, with no paid plans.',
        'Completely free; optional paid add-ons are planned.',
        'Free forever for individuals and small teams.',
      ]);
    case 'freemium':
      return (
        `Free for up to ${rng.pick([2, 3, 5, 10])} ${rng.pick(['users', 'projects', 'seats', 'workspaces'])}; ` +
        `${rng.pick(['Pro', 'Team', 'Plus'])} from $${p}/month.`
      );
    case 'paid':
      return rng.pick([
        `From $${p} per seat per month, billed annually.`,
        `Plans from $${p}/month with a 14-day free trial.`,
      ]);
    case 'subscription':
      return `$${p}/month or $${p * 10}/year.`;
    case 'one-time':
      return `One-time licence for $${p * 3}, including a year of updates.`;
    case 'open-source':
      return `Free and open source (${rng.pick(['MIT', 'Apache-2.0', 'AGPL-3.0'])}); managed cloud from $${p}/month.`;
    case 'usage-based':
      return (
        `Pay as you go from $${rng.pick(['0.10', '0.25', '0.50', '1'])} per 1,000 ` +
        `${USAGE_UNITS[topSlug] ?? 'requests'}; the first ${rng.pick(['1,000', '5,000', '10,000'])} each month ` +
        `are free.`
      );
  }
}

function attributeValue(rng: Rng, key: string, model: DemoListing['pricingModel']): string {
  const freeish = model === 'free' || model === 'freemium' || model === 'open-source';
  if (key === 'free_plan')
    return freeish
      ? 'yes'
      : model === 'usage-based'
        ? rng.pick(['yes', 'free trial only'])
        : rng.pick(['no', 'free trial only']);
  if (key === 'open_source') return model === 'open-source' ? 'yes' : rng.chance(0.05) ? 'yes' : 'no';
  if (key === 'self_hosted' && model === 'open-source') return rng.chance(0.85) ? 'yes' : 'enterprise plan only';
  const def = ATTRS[key];
  if (!def) throw new Error(`unknown attribute ${key}`);
  return rng.pick(def.values);
}

function socialsFor(
  rng: Rng,
  slug: string,
  domain: string,
  websiteUrl: string,
  devFlavoured: boolean,
): Record<string, string> {
  const handle = slug.replace(/-/g, '');
  const urls: Record<string, string> = {
    linkedin: `https://www.linkedin.com/company/${slug}`,
    x: `https://x.com/${handle.slice(0, 15)}`,
    facebook: `https://www.facebook.com/${handle}`,
    instagram: `https://www.instagram.com/${handle}`,
    tiktok: `https://www.tiktok.com/@${handle}`,
    youtube: `https://www.youtube.com/@${handle}`,
    threads: `https://www.threads.net/@${handle}`,
    pinterest: `https://www.pinterest.com/${handle}`,
    github: `https://github.com/${handle}`,
    reddit: `https://www.reddit.com/r/${handle}`,
    producthunt: `https://www.producthunt.com/products/${slug}`,
    medium: `https://medium.com/@${handle}`,
    website: websiteUrl,
    custom: rng.pick([
      `https://docs.${domain}`,
      `https://status.${domain}`,
      `https://community.${domain}`,
      `https://${domain}/changelog`,
    ]),
  };
  const out: Record<string, string> = {};
  if (rng.chance(0.7)) out.website = urls.website!;
  const weights: [string, number][] = [
    ['x', 8],
    ['linkedin', 8],
    ['github', devFlavoured ? 8 : 2],
    ['producthunt', 3],
    ['youtube', 3],
    ['instagram', 3],
    ['facebook', 2],
    ['reddit', 2],
    ['medium', 2],
    ['threads', 2],
    ['tiktok', 1],
    ['pinterest', 1],
    ['custom', 2],
  ];
  const count = rng.int(1, 5);
  for (let i = 0; i < count * 3 && Object.keys(out).length < count + (out.website ? 1 : 0); i++) {
    const key = rng.weighted(weights);
    out[key] = urls[key]!;
  }
  return out;
}

const GENERIC_FEATURES = [
  'Export to CSV and JSON',
  'Single sign-on',
  'Dark mode',
  'Two-factor authentication',
  'Audit log',
  'Keyboard shortcuts',
  'Role-based permissions',
  'Public API',
  'Offline support',
  'Data residency in the EU',
];

function uspsFor(
  rng: Rng,
  c: TextCtx,
  model: DemoListing['pricingModel'],
  attributes: Record<string, string>,
): string[] {
  const pool = [
    `Set up in under ${rng.pick([2, 5, 10, 15])} minutes`,
    `${item(c.f[0]!)} on every plan`,
    'Support answered by the people who build the product',
    `One-click import from your current ${c.noun}`,
    'Transparent pricing with no per-seat surprises',
    'Privacy-first: no ads, no selling of data',
    `Designed with ${c.audience}, not just for them`,
  ];
  if (model === 'free' || model === 'freemium') pool.push('No credit card needed to start');
  if (model === 'open-source') pool.push('Open source, so you can read every line and host it yourself');
  if (attributes.offline_mode === 'yes') pool.push('Works fully offline');
  if (
    c.place &&
    ['DE', 'FR', 'NL', 'SE', 'DK', 'FI', 'EE', 'AT', 'IE', 'ES', 'PT', 'IT', 'PL', 'CZ'].includes(c.place.code)
  )
    pool.push('Built and hosted in the EU');
  return rng.sample(pool, rng.int(2, 4));
}

function listingFaqs(rng: Rng, c: TextCtx, attributes: Record<string, string>): DemoFaq[] {
  const candidates: DemoFaq[] = [
    {
      question: `Who is ${c.name} for?`,
      answer: `${c.name} is designed for ${c.audience} and ${c.audience2} who want to ${c.outcome}.`,
    },
    {
      question: `How is ${c.name} different from other ${c.nouns}?`,
      answer:
        `${c.name} focuses on ${c.f[0]} and ${c.f[1]} and leaves out the rest, so it stays fast and easy to ` +
        `learn.`,
    },
    {
      question: `How long does it take to set up ${c.name}?`,
      answer:
        `Most teams are up and running in under ${rng.pick(['ten minutes', 'an hour', 'a day'])}. Importing ` +
        `existing data is guided step by step.`,
    },
    {
      question: `Can I export my data from ${c.name}?`,
      answer:
        'Yes. Everything can be exported as CSV or JSON at any time, and deleting your account removes your ' +
        'data for good.',
    },
  ];
  if (c.pricingSummary) {
    const free = ['free', 'freemium', 'open-source'].includes(c.pricingModel);
    candidates.push({
      question: `Is there a free plan?`,
      answer: `${free ? 'Yes.' : 'Not at the moment.'} ${c.pricingSummary}`,
    });
  }
  if (attributes.self_hosted) {
    candidates.push({
      question: `Can I self-host ${c.name}?`,
      answer:
        attributes.self_hosted === 'yes'
          ? 'Yes. A Docker image and setup guide are available, and self-hosted installs get the same features ' +
            'as the cloud version.'
          : attributes.self_hosted === 'no'
            ? `No, ${c.name} is only available as a hosted service.`
            : 'Self-hosting is available on the enterprise plan.',
    });
  }
  if (attributes.platforms)
    candidates.push({
      question: `Which platforms does ${c.name} support?`,
      answer: `${c.name} is available on ${attributes.platforms}.`,
    });
  if (attributes.api) {
    candidates.push({
      question: `Does ${c.name} have an API?`,
      answer:
        attributes.api === 'none'
          ? 'Not yet; a public API is on the roadmap.'
          : `Yes, ${c.name} offers a ${attributes.api} API with documentation and example code.`,
    });
  }
  if (c.place)
    candidates.push({
      question: `Where is ${c.name} based?`,
      answer: c.city ? `The team is based in ${cityIn(c.city, c.place)}.` : `The team is based in ${c.place.name}.`,
    });
  return rng.sample(
    candidates,
    rng.weighted([
      [0, 2],
      [2, 3],
      [3, 4],
      [4, 3],
      [5, 2],
      [6, 1],
    ] as const),
  );
}

const RATINGS = [1, 2, 3, 4, 5] as const;
type Rating = (typeof RATINGS)[number];

const GENUINE_REVIEWS: Record<Rating, readonly Template[]> = {
  5: [
    (c) =>
      `${item(c.f[0]!)} alone saves us hours every week. Setup took minutes and the team answered my question ` +
      `within a day.`,
    (c) =>
      `We moved the whole team to ${c.name} last month and nobody wants to go back. ${item(c.f[1]!)} is the ` +
      `feature I did not know I needed.`,
    (c) => `Exactly what ${c.audience} need. It does one job very well and stays out of the way.`,
    (c) =>
      `I tried four ${c.nouns} before this one. ${c.name} is the first that stuck, mostly thanks to ${bare(c.f[0]!)}.`,
  ],
  4: [
    (c) => `Solid ${c.noun}. ${item(c.f[0]!)} is great; I would love ${bare(c.f[1]!)} to be a bit more flexible.`,
    () => 'Does what it says. A few rough edges on mobile, but support is responsive and updates come often.',
    (c) => `Helped us ${c.outcome}. Docs could be better, but the product itself is very good.`,
  ],
  3: [
    (c) =>
      `Good idea and ${bare(c.f[0]!)} works well, but we missed a couple of integrations and went back to our ` +
      `old setup for now.`,
    () => 'Decent, though pricing gets steep once the team grows. Worth trying for small teams.',
    (c) => `Promising ${c.noun}. Still feels early, and a few things broke during our trial.`,
  ],
  2: [
    (c) => `We struggled with ${bare(c.f[0]!)}; it only works for simple cases so far.`,
    () => 'The onboarding was confusing and we never quite got the team to adopt it.',
  ],
  1: [
    (c) => `Could not get ${bare(c.f[0]!)} to work with our setup, and support took a week to reply.`,
    () => 'Lost some data during an import. Maybe fixed by now, but it put us off.',
  ],
};

const FAKE_REVIEWS: readonly { rating: Rating; body: Template }[] = [
  { rating: 5, body: () => 'Best app ever!!! 10/10 must buy!!!' },
  { rating: 5, body: () => 'Great product. Check out my channel for more honest reviews and giveaways.' },
  { rating: 5, body: (c) => `This is the best ${c.noun} I have ever used, highly recommended to everyone!!!` },
  { rating: 5, body: () => 'I have not tried it yet but the website looks really nice.' },
  { rating: 1, body: () => 'Terrible. Use something else instead, trust me.' },
  { rating: 1, body: () => 'Scam scam scam. Do not buy.' },
  { rating: 4, body: () => 'Good.' },
];

function reviewsFor(rng: Rng, c: TextCtx, count: number): DemoReview[] {
  const out: DemoReview[] = [];
  const seen = new Set<string>();
  // A few retries keep one listing from showing the same review text twice.
  for (let attempt = 0; out.length < count && attempt < count * 6; attempt++) {
    let review: DemoReview;
    if (rng.chance(0.15)) {
      const fake = rng.pick(FAKE_REVIEWS);
      review = { rating: fake.rating, body: fake.body(c), genuine: false };
    } else {
      const rating = rng.weighted([
        [5, 40],
        [4, 33],
        [3, 15],
        [2, 7],
        [1, 5],
      ] as const);
      review = { rating, body: rng.pick(GENUINE_REVIEWS[rating])(c), genuine: true };
    }
    if (seen.has(review.body)) continue;
    seen.add(review.body);
    out.push(review);
  }
  return out;
}

const CHALLENGES = [
  'pricing: the first version was far too cheap and attracted customers who churned within a month',
  'hiring the first engineer, which took six months longer than planned',
  'distribution; building the product turned out to be the easy part',
  'keeping infrastructure costs under control as usage grew faster than revenue',
  'saying no to feature requests that only one large customer wanted',
  'a rewrite of the sync engine that nearly stalled the company for a quarter',
];
const LESSONS = [
  'talk to customers every single week, even when things are busy',
  'charge from day one; free users give very different feedback',
  'ship small changes often instead of saving them for big releases',
  'write things down early, because onboarding gets harder every month',
  'a short, honest changelog builds more trust than any marketing page',
  'focus on one audience until they love the product, then widen it',
];

function storyFor(rng: Rng, c: TextCtx): DemoStory {
  const founders = joinList(c.founderNames);
  const when = c.year ? `in ${c.year}` : 'a few years ago';
  const where = c.city ? ` in ${c.city}` : '';
  const [lessonA, lessonB] = rng.sample(LESSONS, 2);
  return {
    title: rng.pick([
      `Why we built ${c.name}`,
      `The story behind ${c.name}`,
      `From side project to product: ${c.name}`,
      `Building ${c.name}${where || ' in public'}`,
    ]),
    story:
      `${founders} started ${c.name} ${when}${where} after running into the same problem again and again: ` +
      `${c.problem}. What began as a weekend project is now ${a(c.noun)} used by ${c.audience} around the world.`,
    why_started:
      `We kept seeing that ${c.problem}. None of the existing ${c.nouns} fixed it without adding a pile of ` +
      `complexity, so we built the tool we wanted for ourselves.`,
    problem: `For ${c.audience}, ${c.problem}. That costs time every week and quietly erodes trust in the process.`,
    journey:
      `The first prototype was built in a few weekends and shared with ${rng.int(5, 30)} friends. A private beta ` +
      `followed, then a public launch. ${stageSentence(c)}`,
    challenges: `The hardest part was ${rng.pick(CHALLENGES)}.`,
    achievements:
      `Since launch, ${c.name} has helped ${thousands(c.n)} ` +
      `${c.stage === 'growing' || c.stage === 'established' ? 'teams' : 'early users'} ${c.outcome}, and ` +
      `${bare(c.f[0]!)} became the most-loved feature.`,
    lessons: `Two lessons stand out: ${lessonA}, and ${lessonB}.`,
    whats_next:
      `Next up are ${bare(c.later[0]!)} and ${bare(c.later[1]!)}, plus a lot of small improvements our users ` +
      `have asked for.`,
  };
}

const MILESTONE_EVENTS = [
  { title: 'Company founded', description: 'The founders commit full time and register the company.' },
  { title: 'First prototype', description: 'A rough first version is shared with a handful of friends for feedback.' },
  { title: 'Private beta', description: 'The first invited users start using the product every week.' },
  { title: 'Public launch', description: 'The product opens to everyone after months of beta feedback.' },
  { title: 'First paying customer', description: 'Someone pays for the product without a discount. A very good day.' },
  { title: '100 customers', description: 'One hundred paying customers, mostly through word of mouth.' },
  { title: 'Version 2.0', description: 'A redesigned interface and a faster core, based on a year of feedback.' },
  { title: 'Seed round closed', description: 'A small seed round from angels and a specialist fund to grow the team.' },
  { title: '1,000 customers', description: 'Four digits of paying customers across more than 30 countries.' },
  { title: 'Profitable', description: 'Revenue now covers all costs, so the team can grow at its own pace.' },
] as const;

const MILESTONE_COUNTS: Record<DemoListing['stage'], [number, number]> = {
  idea: [0, 1],
  beta: [1, 3],
  launched: [2, 4],
  growing: [3, 5],
  established: [4, 6],
};
// How far along the event list each stage may plausibly be.
const MILESTONE_REACH: Record<DemoListing['stage'], number> = {
  idea: 2,
  beta: 3,
  launched: 6,
  growing: 9,
  established: 10,
};

function isoDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

function milestonesFor(rng: Rng, stage: DemoListing['stage'], year: number | null, domain: string): DemoMilestone[] {
  const [lo, hi] = MILESTONE_COUNTS[stage];
  const count = rng.int(lo, hi);
  if (count === 0) return [];
  const reach = MILESTONE_REACH[stage];
  // "Company founded" needs a known founding year; without one it would contradict founded_year
  // being listed as not found on the website.
  const first = year ? 0 : 1;
  const picked = rng
    .sample(
      Array.from({ length: reach - first }, (_, i) => i + first),
      count,
    )
    .sort((x, y) => x - y);
  const end = Date.parse(`${MILESTONE_CUTOFF}T00:00:00Z`);
  const start = Date.UTC(year ?? 2026 - rng.int(1, 4), rng.int(0, 5), rng.int(1, 28));
  const span = Math.max(1, end - start);
  const dates = picked.map(() => start + Math.floor(rng.float() * span)).sort((x, y) => x - y);
  return picked
    .map((eventIndex, k) => {
      const event = MILESTONE_EVENTS[eventIndex]!;
      const ms = eventIndex === 0 ? start : dates[k]!;
      const milestone: DemoMilestone = { date: isoDate(ms), title: event.title, description: event.description };
      if (rng.chance(0.3)) milestone.url = `https://${domain}/blog/${slugify(event.title)}`;
      return milestone;
    })
    .sort((x, y) => x.date.localeCompare(y.date));
}

function updatesFor(rng: Rng, c: TextCtx, maxDaysAgo: number): DemoListing['updates'] {
  const pool = [
    {
      title: `New: ${item(c.later[0]!)}`,
      body: `${item(c.later[0]!)} is now available to everyone. Thanks to all the beta testers who sent feedback.`,
    },
    {
      title: 'Faster and lighter',
      body: `We rewrote a large part of ${c.name} under the hood. Most screens now load in under half the time.`,
    },
    {
      title: 'Pricing update',
      body: 'Existing customers keep their current price. New plans add more seats and a yearly option.',
    },
    {
      title: 'We are hiring',
      body: `${c.name} is looking for its next engineer. Remote-friendly, small team, real ownership.`,
    },
    {
      title: 'Thank you for the launch',
      body: `Thanks to everyone who voted for and tried ${c.name} during launch week. We read every comment.`,
    },
    {
      title: `Improved ${bare(c.f[0]!)}`,
      body: `${item(c.f[0]!)} got a round of polish based on your feedback, including several long-requested options.`,
    },
  ];
  const count = rng.int(0, 3);
  return rng
    .sample(pool, count)
    .map((u) => ({ daysAgo: rng.int(1, Math.max(2, maxDaysAgo)), title: u.title, body: u.body }))
    .sort((x, y) => x.daysAgo - y.daysAgo);
}

// ───────────────────────────── assembling listings
// ─────────────────────────────

export const DEMO_LISTING_COUNT = 340;
// Enough founders that most people behind a product have one to three products, not six.
export const DEMO_FOUNDER_COUNT = 220;

interface CategoryInfo {
  top: TopCategoryDef;
  sub: SubcategoryDef | null;
  attrKeys: readonly string[];
}

function categoryIndex(): Map<string, CategoryInfo> {
  const map = new Map<string, CategoryInfo>();
  for (const top of CATEGORY_TREE) {
    map.set(top.slug, { top, sub: null, attrKeys: top.attrs });
    for (const sub of top.subs) map.set(sub.slug, { top, sub, attrKeys: [...top.attrs, ...sub.attrs] });
  }
  return map;
}

interface Slot {
  top: TopCategoryDef;
  sub: SubcategoryDef;
  primary: string;
  name: string;
}

function foundedYearFor(rng: Rng, stage: DemoListing['stage']): number {
  switch (stage) {
    case 'idea':
      return rng.int(2024, 2025);
    case 'beta':
      return rng.int(2023, 2025);
    case 'launched':
      return rng.int(2020, 2025);
    case 'growing':
      return rng.int(2016, 2024);
    case 'established':
      return rng.int(2009, 2021);
  }
}

function usersFor(rng: Rng, stage: DemoListing['stage']): number {
  switch (stage) {
    case 'idea':
    case 'beta':
      return rng.int(12, 250);
    case 'launched':
      return rng.int(50, 600);
    case 'growing':
      return rng.int(5, 60) * 100;
    case 'established':
      return rng.int(8, 90) * 1000;
  }
}

/** Vote counts are skewed on purpose: a few launches take off, most collect a handful. */
function votesFor(rng: Rng, status: DemoListing['status'], week: number, plan: DemoListing['plan']): number {
  if (status !== 'live') return 0;
  const x = rng.float();
  let votes = x < 0.04 ? rng.int(200, 950) : x < 0.14 ? rng.int(81, 199) : rng.int(5, 80);
  if (plan === 'paid') votes = Math.round(votes * 1.15);
  if (week === 0) votes = Math.max(5, Math.round(votes * 0.5)); // this week's launches are still collecting votes
  return votes;
}

function domainRatingsFor(rng: Rng, stage: DemoListing['stage']): DemoListing['domainRatings'] {
  if (rng.chance(0.2)) return []; // not every domain has been measured
  const base: Record<DemoListing['stage'], [number, number]> = {
    idea: [0, 12],
    beta: [2, 25],
    launched: [5, 40],
    growing: [15, 60],
    established: [30, 85],
  };
  const [lo, hi] = base[stage];
  let rating = rng.int(lo, hi);
  const out: DemoListing['domainRatings'] = [];
  for (let monthsAgo = 5; monthsAgo >= 0; monthsAgo--) {
    out.push({ monthsAgo, rating: Math.max(0, Math.min(100, Math.round(rating))) });
    rating += rng.float() * 3 - 0.6; // slow upward drift with the odd dip
  }
  return out;
}

function revenueFor(rng: Rng, stage: DemoListing['stage']): DemoListing['revenue'] {
  if (stage === 'idea' || !rng.chance(0.4)) return []; // only some founders share revenue
  const base: Record<DemoListing['stage'], [number, number]> = {
    idea: [0, 0],
    beta: [0, 800],
    launched: [200, 6000],
    growing: [5000, 60000],
    established: [40000, 400000],
  };
  const [lo, hi] = base[stage];
  let mrrDollars = rng.int(lo, hi);
  const out: DemoListing['revenue'] = [];
  for (let monthsAgo = 5; monthsAgo >= 0; monthsAgo--) {
    out.push({ monthsAgo, mrrCents: Math.max(0, Math.round(mrrDollars)) * 100 });
    mrrDollars *= 0.97 + rng.float() * 0.15;
  }
  return out;
}

function buildListings(root: Rng, drafts: readonly FounderDraft[]): DemoListing[] {
  const N = DEMO_LISTING_COUNT;
  const categories = categoryIndex();
  const allCategorySlugs = [...categories.keys()];

  // 1. Which subcategory each listing belongs to: round-robin over a shuffled list keeps
  //    every subcategory populated; a few sit directly in a top-level (mid-level) category.
  const subs = root.fork('subs').shuffle(CATEGORY_TREE.flatMap((top) => top.subs.map((sub) => ({ top, sub }))));
  const layout = root.fork('layout');
  const slots: Slot[] = [];
  for (let i = 0; i < N; i++) {
    const { top, sub } = subs[i % subs.length]!;
    slots.push({ top, sub, primary: layout.chance(0.06) ? top.slug : sub.slug, name: '' });
  }
  const taken = new Set<string>();
  for (const accented of ACCENTED_LISTINGS) {
    const slot = slots.find((s) => s.sub.slug === accented.sub && s.name === '');
    if (!slot) throw new Error(`no slot for ${accented.name}`);
    slot.name = accented.name;
    slot.primary = slot.sub.slug;
    taken.add(foldName(accented.name));
  }
  slots.forEach((slot, i) => {
    if (slot.name === '') slot.name = inventName(root.fork('name', i), slot.sub, taken);
  });

  // 2. Launch calendar. Exact counts rather than per-listing coin flips, so the shares hold
  //    for every seed: 5% awaiting a badge, 15% scheduled, the rest live.
  const nAwaiting = Math.round(N * 0.05);
  const nScheduled = Math.round(N * 0.15);
  const statuses = root
    .fork('status')
    .shuffle<DemoListing['status']>([
      ...Array<DemoListing['status']>(nAwaiting).fill('awaiting_badge'),
      ...Array<DemoListing['status']>(nScheduled).fill('scheduled'),
      ...Array<DemoListing['status']>(N - nAwaiting - nScheduled).fill('live'),
    ]);
  const weekRng = root.fork('weeks');
  const weeks = new Array<number>(N).fill(0);
  const liveIndexes = weekRng.shuffle(statuses.flatMap((s, i) => (s === 'live' ? [i] : [])));
  liveIndexes.forEach((listingIndex, k) => {
    // The first 6 × 11 live launches go round-robin over weeks -10..0 so every week has
    // at least six; the rest land anywhere in that range.
    weeks[listingIndex] = k < 66 ? -10 + (k % 11) : weekRng.int(-10, 0);
  });
  const futureWeeks = [
    [1, 8],
    [2, 7],
    [3, 6],
    [4, 5],
    [5, 4],
    [6, 3],
    [7, 2],
    [8, 2],
  ] as const;
  statuses.forEach((s, i) => {
    if (s !== 'live') weeks[i] = weekRng.weighted(futureWeeks);
  });

  // 3. Plans: ~25% paid; listings waiting for a badge are free by definition.
  const paid = new Set(
    root
      .fork('plans')
      .shuffle(statuses.flatMap((s, i) => (s === 'awaiting_badge' ? [] : [i])))
      .slice(0, Math.round(N * 0.25)),
  );

  // Some tagline templates leave out the product name, so two listings in one subcategory
  // could end up with the same line; retry other templates, then fall back to naming it.
  const usedTaglines = new Set<string>();
  const uniqueTagline = (r: Rng, ctx: TextCtx): string => {
    for (const template of r.shuffle(TAGLINES)) {
      const line = fit([template(ctx)], DEMO_LIMITS.tagline);
      if (!usedTaglines.has(line)) {
        usedTaglines.add(line);
        return line;
      }
    }
    const line = fit([`${ctx.name}: ${TAGLINES[1]!(ctx)}`], DEMO_LIMITS.tagline);
    usedTaglines.add(line);
    return line;
  };

  // 4. Founders: the lead founder cycles through a shuffled list so every founder has a product.
  const founderOrder = root.fork('founder-order').shuffle(drafts);
  const load = new Map<string, number>(); // listings per founder so far

  const listings: DemoListing[] = slots.map((slot, i) => {
    const r = root.fork('listing', i);
    const { top, sub, name } = slot;
    const slug = slugify(name);
    const domain = `${foldName(name)}.example`;
    const websiteUrl = `https://${domain}`;
    const status = statuses[i]!;
    const week = weeks[i]!;
    const plan: DemoListing['plan'] = paid.has(i) ? 'paid' : 'free';

    const lead = founderOrder[i % founderOrder.length]!;
    const team: FounderDraft[] = [lead];
    const teamSize = r.weighted([
      [1, 45],
      [2, 40],
      [3, 15],
    ] as const);
    while (team.length < teamSize) {
      // Co-founders often share a country; among candidates prefer the least busy founders
      // so nobody ends up behind half a dozen products.
      const sameCountry = drafts.filter((d) => d.country === lead.country && !team.includes(d));
      const pool = sameCountry.length > 0 && r.chance(0.6) ? sameCountry : drafts.filter((d) => !team.includes(d));
      const least = Math.min(...pool.map((d) => load.get(d.slug) ?? 0));
      team.push(r.pick(pool.filter((d) => (load.get(d.slug) ?? 0) <= least + 1)));
    }
    for (const d of team) load.set(d.slug, (load.get(d.slug) ?? 0) + 1);

    const stage = r.weighted(STAGES);
    const pricingModel = r.weighted(PRICING_MODELS);
    const countryCode = r.chance(0.65) ? lead.country : r.weighted(PLACES.map((p) => [p.code, p.weight] as const));
    const homePlace = placeOf(countryCode);
    const homeCity = countryCode === lead.country && r.chance(0.5) ? lead.city : r.pick(homePlace.cities);

    // Fields the company's website did not state stay null and are named in notFoundOnWebsite.
    const notFound = new Set<keyof typeof NOT_FOUND_FIELDS>();
    if (r.chance(0.06)) notFound.add('logo_url');
    if (r.chance(0.12)) notFound.add('pricing_summary');
    if (r.chance(0.05)) {
      notFound.add('country');
      notFound.add('city');
    }
    if (r.chance(0.12)) notFound.add('city');
    if (r.chance(0.1)) notFound.add('founded_year');
    if (r.chance(0.15)) notFound.add('contact_email');
    if (r.chance(0.5)) notFound.add('demo_video_url');

    const place = notFound.has('country') ? null : homePlace;
    const city = notFound.has('city') ? null : homeCity;
    const foundedYear = notFound.has('founded_year') ? null : foundedYearFor(r, stage);
    const pricingSummary = notFound.has('pricing_summary') ? null : pricingSummaryFor(r, pricingModel, top.slug);
    const contactEmail = notFound.has('contact_email')
      ? null
      : `${r.pick(['hello', 'team', 'support', 'founders', 'hi'])}@${domain}`;
    const logoUrl = notFound.has('logo_url')
      ? null
      : `${websiteUrl}/${r.pick(['logo.png', 'logo.svg', 'favicon.svg'])}`;
    const demoVideoUrl = notFound.has('demo_video_url')
      ? null
      : r.chance(0.7)
        ? `https://www.youtube.com/watch?v=${Array.from({ length: 11 }, () => r.pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'])).join('')}`
        : `https://vimeo.com/${r.int(100000000, 999999999)}`;

    const chosen = r.sample(sub.features, r.int(4, 7));
    const later = sub.features.filter((f) => !chosen.includes(f));
    const [audience, audience2] = r.sample(sub.audience, 2) as [string, string];
    const [outcome, outcome2] = r.sample(sub.outcomes, 2) as [string, string];
    const adj = pricingModel === 'open-source' && r.chance(0.5) ? 'open-source' : r.pick(ADJECTIVES);
    const ctx: TextCtx = {
      name,
      domain,
      noun: sub.noun,
      nouns: sub.nouns,
      subName: sub.name,
      adj,
      audience,
      audience2,
      f: chosen,
      later,
      problem: r.pick(sub.problems),
      outcome,
      outcome2,
      city,
      place,
      year: foundedYear,
      founderNames: team.map((d) => d.name),
      stage,
      pricingModel,
      pricingSummary,
      contactEmail,
      n: usersFor(r, stage),
    };

    const info = categories.get(slot.primary)!;
    const attributes: Record<string, string> = {};
    for (const key of info.attrKeys) attributes[key] = attributeValue(r, key, pricingModel);
    if (r.chance(0.55)) {
      // Leave a few attributes unstated, as real profiles do.
      for (const key of r.sample(Object.keys(attributes), r.int(1, 2))) delete attributes[key];
    }

    const features = chosen.map(item);
    for (const extra of r.sample(GENERIC_FEATURES, r.int(0, 2))) if (!features.includes(extra)) features.push(extra);
    const keywords = [
      ...new Set([
        ...r.sample(sub.keywords, r.int(3, 6)),
        sub.noun.toLowerCase(),
        ...(r.chance(0.4) ? [top.name.toLowerCase()] : []),
      ]),
    ];
    const tagPool = [...sub.keywords.filter((k) => k.length <= 20).map(slugify), slugify(top.name)];
    if (pricingModel === 'open-source') tagPool.push('open-source');
    if (top.slug === 'ai' || r.chance(0.1)) tagPool.push('ai-powered');
    if (stage === 'idea' || stage === 'beta') tagPool.push('early-access');
    const tags = [...new Set(r.sample(tagPool, r.int(2, 5)))];

    const unlockedSections: DemoListing['unlockedSections'] =
      plan === 'paid'
        ? ['story', 'milestones', 'media']
        : r.chance(0.08)
          ? r.sample(['story', 'milestones', 'media'] as const, r.int(1, 2))
          : [];
    const votes = votesFor(r, status, week, plan);
    const views = status === 'live' ? votes * r.int(12, 40) + r.int(40, 400) : r.int(15, 600);
    const followers = status === 'live' ? Math.round(votes * (0.1 + r.float() * 0.5)) + r.int(0, 10) : r.int(0, 40);
    const reviewCount = status === 'live' && r.chance(0.8) ? Math.min(8, Math.floor(votes / 25) + r.int(0, 2)) : 0;
    const hasStory = plan === 'paid' ? r.chance(0.9) : unlockedSections.includes('story');
    const hasMilestones = plan === 'paid' || unlockedSections.includes('milestones') || r.chance(0.3);

    const listing: DemoListing = {
      slug,
      name,
      domain,
      websiteUrl,
      logoUrl,
      tagline: uniqueTagline(r, ctx),
      shortDescription: fit(
        [r.pick(SHORT_DESCRIPTIONS)(ctx), SHORT_DESCRIPTIONS[0]!(ctx)],
        DEMO_LIMITS.shortDescription,
      ),
      description: buildDescription(r, ctx),
      headline: fit([r.pick(HEADLINES)(ctx), HEADLINES[3]!(ctx)], DEMO_LIMITS.headline),
      summary: r.pick(SUMMARIES)(ctx),
      seoTitle: seoTitle(r, ctx),
      seoDescription: seoDescription(r, ctx),
      stage,
      pricingModel,
      pricingSummary,
      country: place?.code ?? null,
      city,
      foundedYear,
      contactEmail,
      demoVideoUrl,
      features: features.slice(0, DEMO_LIMITS.listItems),
      usps: uspsFor(r, ctx, pricingModel, attributes),
      keywords: keywords.slice(0, DEMO_LIMITS.listItems),
      tags,
      primaryCategory: slot.primary,
      extraCategories: [],
      founderSlugs: team.map((d) => d.slug),
      socials: socialsFor(
        r,
        slug,
        domain,
        websiteUrl,
        top.slug === 'developer-tools' || pricingModel === 'open-source',
      ),
      faqs: listingFaqs(r, ctx, attributes),
      attributes,
      notFoundOnWebsite: Object.keys(NOT_FOUND_FIELDS).filter((k) => notFound.has(k as keyof typeof NOT_FOUND_FIELDS)),
      plan,
      status,
      launchWeekOffset: week,
      // This week's live launches went out on the first day so none sits in the future.
      launchDayOffset: status === 'live' && week === 0 ? 0 : r.int(0, 6),
      votes,
      views,
      followers,
      domainRatings: domainRatingsFor(r, stage),
      revenue: revenueFor(r, stage),
      reviews: reviewsFor(r, ctx, reviewCount),
      story: hasStory ? storyFor(r, ctx) : null,
      milestones: hasMilestones ? milestonesFor(r, stage, foundedYear, domain) : [],
      updates: updatesFor(r, ctx, status === 'live' ? -week * 7 + 90 : 30),
      unlockedSections,
      alternatives: [],
    };

    if (plan === 'paid') {
      // Paid listings may also appear in up to three other categories, usually related ones.
      const related = top.subs.map((s) => s.slug).concat(top.slug);
      const count = r.weighted([
        [0, 1],
        [1, 3],
        [2, 3],
        [3, 2],
      ] as const);
      const pool = [...r.shuffle(related), ...r.shuffle(allCategorySlugs)].filter((s) => s !== slot.primary);
      listing.extraCategories = [...new Set(pool)].slice(0, count);
    }
    return listing;
  });

  // 5. Alternatives point at other listings in the same subcategory, then the same top level.
  const bySub = new Map<string, number[]>();
  const byTop = new Map<string, number[]>();
  slots.forEach((slot, i) => {
    bySub.set(slot.sub.slug, [...(bySub.get(slot.sub.slug) ?? []), i]);
    byTop.set(slot.top.slug, [...(byTop.get(slot.top.slug) ?? []), i]);
  });
  listings.forEach((listing, i) => {
    const r = root.fork('alternatives', i);
    if (!r.chance(0.6)) return;
    const slot = slots[i]!;
    const near = r.shuffle(bySub.get(slot.sub.slug)!.filter((j) => j !== i));
    const wider = r.shuffle(byTop.get(slot.top.slug)!.filter((j) => j !== i && !near.includes(j)));
    listing.alternatives = [...near, ...wider]
      .slice(0, r.int(1, 4))
      .map((j) => ({ slug: listings[j]!.slug, approved: r.chance(0.75) }));
  });

  return listings;
}

/** Titles and bios are written once we know which products each founder works on. */
function finishFounders(root: Rng, drafts: readonly FounderDraft[], listings: readonly DemoListing[]): DemoFounder[] {
  const roles = new Map<string, { name: string; lead: boolean; solo: boolean }[]>();
  for (const listing of listings) {
    listing.founderSlugs.forEach((slug, position) => {
      roles.set(slug, [
        ...(roles.get(slug) ?? []),
        { name: listing.name, lead: position === 0, solo: listing.founderSlugs.length === 1 },
      ]);
    });
  }
  return drafts.map((d) => {
    const r = root.fork('founder-bio', d.slug);
    const products = roles.get(d.slug) ?? [];
    const leads = products.some((p) => p.lead);
    const title =
      products.length > 0 && products.every((p) => p.solo)
        ? 'Solo founder'
        : leads
          ? r.pick(LEAD_TITLES)
          : r.pick(COFOUNDER_TITLES);
    const named = products.slice(0, 2).map((p) => p.name);
    const others = products.length - 2;
    const what =
      others > 0
        ? `${named.join(', ')} and ` +
          `${others === 1 ? 'one other product' : `${SMALL_NUMBERS[others] ?? others} other products`}`
        : joinList(named);
    const verb = leads ? 'starting' : 'co-founding';
    const place = placeOf(d.country);
    const bio = r.pick([
      `${d.first} ${d.pastWork} for ${d.years} years before ${verb} ${what}. Based in ${d.city}, ${d.first} ` +
        `${d.pastime}.`,
      `Before ${verb} ${what}, ${d.first} ${d.pastWork}. Those ${d.years} years left a long list of tools ` +
        `worth fixing. Outside work, ${d.first} ${d.pastime}.`,
      `${d.name} is a ${d.years > 9 ? 'seasoned' : 'second-time'} builder from ${cityIn(d.city, place)}. After ` +
        `years spent in tech (most recently, ${d.first} ${d.pastWork}), the focus now is ${what}.`,
    ]);
    return { slug: d.slug, name: d.name, title, bio, country: d.country, socials: d.socials };
  });
}

// ───────────────────────────── categories output
// ─────────────────────────────

/** "Public API" → "public API": lower-cases words but keeps acronyms ("SDKs", "A/B"). */
function lowerLabel(label: string): string {
  return label
    .split(' ')
    .map((w) => (w.slice(1) === w.slice(1).toLowerCase() ? w.toLowerCase() : w))
    .join(' ');
}

function buildCategories(): DemoCategory[] {
  const attributes = (keys: readonly string[]) => keys.map((key) => ({ key, label: ATTRS[key]!.label }));
  const out: DemoCategory[] = [];
  let subIndex = 0;
  for (const top of CATEGORY_TREE) {
    out.push({
      slug: top.slug,
      name: top.name,
      description: top.description,
      faqs: top.faqs.map((f) => ({ ...f })),
      attributes: attributes(top.attrs),
    });
    for (const sub of top.subs) {
      const keys = [...top.attrs, ...sub.attrs];
      const labels = keys.map((k) => lowerLabel(ATTRS[k]!.label));
      const faqs: DemoFaq[] = [
        {
          question: `What does ${a(sub.noun)} do?`,
          answer: `${sub.description} Teams usually start looking for one when ${sub.problems[0]}.`,
        },
        { ...sub.faq },
        {
          question: `What should I compare when choosing ${sub.nouns}?`,
          answer:
            `Start with ${joinList(labels)}. Then try two or three ${sub.nouns} on a real project for a week; ` +
            `the one your team keeps opening is usually the right one.`,
        },
        {
          question: `Are there free ${sub.nouns} on Launchdeck?`,
          answer:
            `Yes. Many ${sub.nouns} listed under ${sub.name} have a free plan or an open-source edition; use the ` +
            `pricing filter on the category page to see them.`,
        },
      ];
      // 2, 3 or 4 FAQs so category pages do not all look alike.
      out.push({
        slug: sub.slug,
        name: sub.name,
        description: sub.description,
        parentSlug: top.slug,
        faqs: faqs.slice(0, 2 + (subIndex++ % 3)),
        attributes: attributes(keys),
      });
    }
  }
  return out;
}

// ───────────────────────────── blog
// ─────────────────────────────

const BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'how-to-prepare-for-launch-week',
    title: 'How to prepare for your launch week',
    excerpt:
      'A practical, week-by-week plan for getting your product ready for launch day, from the listing itself ' +
      'to the people you tell first.',
    author: 'Maren Solberg',
    publishedDaysAgo: 4,
    tags: ['launch', 'guides', 'founders'],
    faqs: [
      {
        question: 'How far in advance should I schedule my launch?',
        answer:
          'Two to four weeks is a good window. It gives you time to polish the listing and line up early ' +
          'supporters without losing momentum.',
      },
      {
        question: 'Can I change my listing after it goes live?',
        answer:
          'Yes. You can edit the description, media and FAQs at any time; the launch date itself is fixed once ' +
          'the week has started.',
      },
      {
        question: 'Does launching on a specific day of the week matter?',
        answer:
          'Less than people think. Every listing stays on the weekly board for the whole week, so pick the day ' +
          'when you can be online to answer questions.',
      },
    ],
    bodyMarkdown: [
      'Launch week is short, loud and over before you know it. The founders who get the most out of it are ' +
        'rarely the ones with the biggest audience; they are the ones who prepared calmly in the weeks before. ' +
        'Here is the plan we recommend after watching hundreds of launches on Launchdeck.',
      '',
      '## Four weeks out: pick the week',
      '',
      'Choose a launch week that does not clash with a holiday in your main market or with your own big release. ' +
        'You can see how busy each week is on the [launch calendar](/launches). Quieter weeks are not a trick, but ' +
        'they do make it easier to stand out.',
      '',
      '- Check that your website states the basics: what the product does, who it is for and what it costs.',
      '- Make sure sign-up works on a phone. A surprising number of launch visitors arrive on mobile.',
      '- Decide who will answer comments during the week, and block time in their calendars.',
      '',
      '## Two weeks out: write the listing',
      '',
      'Your listing is a small landing page. Treat it like one.',
      '',
      '1. Write a tagline that says what the product does, not how you feel about it. Our guide on [writing a ' +
        'tagline people remember](/blog/writing-a-tagline-that-works) goes deeper.',
      '2. Add three to five screenshots or a short demo video. Show the product doing its job, not your logo.',
      '3. Answer the questions people always ask in the FAQ section: pricing, data export, platforms.',
      '4. Pick the most specific category that fits. See [choosing the right ' +
        'category](/blog/choosing-the-right-category).',
      '',
      '## One week out: line up your first supporters',
      '',
      'Tell the people who already care: beta users, newsletter subscribers, friends who have used the product. ' +
        'Send them a short note with the launch date and a link to the listing. Do not ask for votes; ask them to ' +
        'try the product and share honest feedback. Launchdeck ignores patterns that look like vote rings, and ' +
        'honest comments help far more than a number.',
      '',
      '## Launch day',
      '',
      'Be present. Reply to every comment, thank people who try the product and fix small bugs as they come in. ' +
        'Post one update during the week with something you learned from the feedback. Visitors notice a team that ' +
        'listens.',
      '',
      '## After the week',
      '',
      'Your listing stays up after launch week. Keep it current, add milestones as you reach them and collect ' +
        'reviews from real customers. The [week after launch checklist](/blog/after-launch-day-checklist) covers ' +
        'what to do next.',
      '',
      'Launching is not a single day. It is the start of a conversation with the people who will shape your ' +
        'product, and the best time to prepare for that conversation is a few weeks before it starts.',
    ].join('\n'),
  },
  {
    slug: 'writing-a-tagline-that-works',
    title: 'Writing a tagline people remember',
    excerpt:
      'Your tagline is the first thing visitors read. Here is how to write one that explains the product in a ' +
      'single breath.',
    author: 'Dario Quint',
    publishedDaysAgo: 11,
    tags: ['copywriting', 'guides', 'listings'],
    faqs: [
      {
        question: 'How long can a tagline be on Launchdeck?',
        answer:
          'Up to 200 characters, but the best taglines are well under 80. Shorter lines survive being cut off ' +
          'in search results and social previews.',
      },
      {
        question: 'Should my tagline include keywords?',
        answer:
          'Include the plain words people would use to describe your product, such as invoicing or ' +
          'note-taking. Avoid stuffing; one clear phrase beats five keywords.',
      },
    ],
    bodyMarkdown: [
      'A tagline has one job: help the right person decide in two seconds whether to read on. It is not a slogan ' +
        'and it is not a mission statement. It is a sentence that says what the product does and for whom.',
      '',
      '## Start with the plain version',
      '',
      'Before you try anything clever, write the boring version:',
      '',
      '> Invoicing for freelancers who want to get paid faster.',
      '',
      'It names the category, the audience and the outcome. Most taglines on the weekly board would improve if ' +
        'they stopped here.',
      '',
      '## Three patterns that work',
      '',
      '- **Outcome for audience**: "Find any note in under a second, for researchers drowning in PDFs."',
      '- **Category with a twist**: "A calm email client for people who get 200 emails a day."',
      '- **Before and after**: "From scattered spreadsheets to one clean pipeline."',
      '',
      'Each pattern keeps the reader oriented. They know what kind of product this is, and they learn why it is ' +
        'different.',
      '',
      '## Words to cut',
      '',
      'Some words appear in so many taglines that readers skip them. Consider cutting:',
      '',
      '1. "Revolutionary", "next-generation" and "game-changing". Let the product make that case.',
      '2. "All-in-one". It rarely is, and it hides what the product is actually best at.',
      '3. "Powered by AI" on its own. Say what the AI does for the user instead.',
      '',
      '## Test it on a stranger',
      '',
      'Show the tagline to someone outside your industry and ask them to explain the product back to you. If ' +
        'they cannot, rewrite. If they describe a competitor, you have found your next rewrite too.',
      '',
      '## Write ten, keep one',
      '',
      'Good taglines rarely arrive on the first try. Set a timer for fifteen minutes and write ten versions ' +
        'without judging them. Then cross out every line that could describe a competitor, every line longer than ' +
        'a breath and every line that needs a second sentence to make sense. What is left is usually one or two ' +
        'candidates worth testing.',
      '',
      "It also helps to borrow your customers' words. Read support emails, reviews and sales call notes, and " +
        "underline the phrases people use to describe the problem. A tagline written in the customer's own " +
        'language feels familiar the first time they read it.',
      '',
      '## Keep it consistent',
      '',
      'Use the same tagline on your website, your listing and your social profiles. Consistency helps people ' +
        'recognise you, and it helps search engines connect the pages. If you want to check how your listing ' +
        'appears in search, our article on [SEO for product listings](/blog/seo-for-product-listings) shows what ' +
        'matters and what does not.',
      '',
      'You can edit your tagline at any time from your [dashboard](/dashboard). Try a new version for a week, ' +
        'watch the click-through rate and keep the one that wins.',
    ].join('\n'),
  },
  {
    slug: 'free-vs-paid-launches',
    title: 'Free or paid launch: which one fits your product?',
    excerpt: 'Launchdeck offers a free launch queue and a paid plan. Here is what each one includes and how to decide.',
    author: 'Maren Solberg',
    publishedDaysAgo: 19,
    tags: ['launch', 'pricing', 'platform'],
    faqs: [
      {
        question: 'Do paid listings get more votes?',
        answer:
          'No. Votes come only from people on the site, and the weekly ranking treats free and paid listings ' +
          'the same way. Paid plans add placement options and profile sections, not votes.',
      },
      {
        question: 'What is the badge requirement for free launches?',
        answer:
          'Free launches ask you to add a small Launchdeck badge to your website. Once we can see it, your ' +
          'listing moves from awaiting badge to scheduled.',
      },
      {
        question: 'Can I upgrade after launching for free?',
        answer: 'Yes. You can upgrade at any time, and the extra profile sections unlock immediately.',
      },
    ],
    bodyMarkdown: [
      'Every product on Launchdeck can launch for free. We also offer a paid plan for teams that want more ' +
        'control and a richer profile. This post explains the differences honestly, so you can pick the one that ' +
        'fits.',
      '',
      '## What the free launch includes',
      '',
      '- A full listing with description, screenshots, FAQs and links.',
      '- A spot in a weekly launch, scheduled from the free queue.',
      '- Votes, comments, reviews and eligibility for the weekly awards.',
      '',
      'The free queue has a limited number of places each week, so free launches are usually scheduled a few ' +
        'weeks ahead. To join the queue you add a small badge to your website. While we wait to see it, your ' +
        'listing shows as *awaiting badge*.',
      '',
      '## What the paid plan adds',
      '',
      '1. **Choose your week.** Paid launches skip the queue and can pick any open week.',
      '2. **Extra categories.** List your product in up to three more categories besides the primary one.',
      '3. **Profile sections.** Your founder story, milestones and media gallery are unlocked.',
      '4. **Revenue and domain rating charts**, if you choose to share them.',
      '',
      '## What the paid plan does not add',
      '',
      'Paid listings do not get votes, do not get a ranking boost and are not marked as winners unless they win. ' +
        'The [weekly awards](/blog/how-weekly-awards-work) are calculated the same way for everyone. Anything that ' +
        'is promoted because someone paid for it is clearly labelled as such.',
      '',
      '## Common questions from makers',
      '',
      'Makers often ask whether a free launch is somehow second class. It is not. Free and paid listings share ' +
        'the same weekly board, the same search results and the same category pages. The differences are about ' +
        'timing and the extra sections on your profile, which is why we recommend starting free unless a fixed ' +
        'date matters to you.',
      '',
      'Another frequent question is what happens if the badge is removed after launch. Your listing stays up, ' +
        'but future free launches for the same company will ask for the badge again.',
      '',
      '## How to decide',
      '',
      'Choose the free launch if you are flexible on timing and happy to add the badge. Most products launch ' +
        'this way, and many of them win awards.',
      '',
      'Choose the paid plan if your launch is tied to a date, for example a conference or a funding ' +
        'announcement, or if you want your story and milestones on the profile from day one.',
      '',
      'Either way, the work that makes a launch successful is the same: a clear listing, a product that works ' +
        'and a team that shows up to answer questions. Our [launch week ' +
        'guide](/blog/how-to-prepare-for-launch-week) walks through it step by step, and the [pricing ' +
        'page](/pricing) lists current prices.',
    ].join('\n'),
  },
  {
    slug: 'how-weekly-awards-work',
    title: 'How the weekly awards are decided',
    excerpt:
      'Gold, silver and bronze go to the three most-voted launches of each week. Here are the exact rules, ' +
      'including ties and late votes.',
    author: 'Ife Adebanjo',
    publishedDaysAgo: 26,
    tags: ['awards', 'platform', 'transparency'],
    faqs: [
      {
        question: 'When are the weekly awards announced?',
        answer:
          'Shortly after the launch week ends. Results are computed once, stored and shown on every winning listing.',
      },
      {
        question: 'What happens if two launches have the same number of votes?',
        answer:
          'The launch that reached that number first ranks higher. This rewards early momentum rather than ' +
          'last-minute pushes.',
      },
    ],
    bodyMarkdown: [
      'Every week, the three launches with the most votes receive an award: gold, silver and bronze. We want the ' +
        'rules to be simple enough to fit in a paragraph and strict enough that nobody can game them. Here they ' +
        'are in full.',
      '',
      '## The rules',
      '',
      '1. Only launches that went live during the week are eligible.',
      '2. Only votes cast during that launch week count towards the award.',
      '3. Votes come from signed-in people on the site. There is no voting API.',
      '4. Ties are broken by who reached the tied number of votes first.',
      '5. Awards are computed once, after the week ends, and do not change afterwards.',
      '',
      '## Why votes only count during the week',
      '',
      'A launch that keeps collecting votes for months is great news for its makers, but it would make weekly ' +
        'comparisons meaningless. Counting only votes from the launch week keeps every week a fair contest among ' +
        'the products that launched in it.',
      '',
      '## What we do about suspicious votes',
      '',
      'We look for patterns that suggest coordinated voting, such as many new accounts voting for the same ' +
        'listing within minutes. Those votes are excluded before awards are computed. We do not publish the exact ' +
        'signals, for obvious reasons, but we do review every case by hand before removing votes from a listing.',
      '',
      '## Paid plans and awards',
      '',
      'Paid listings have no advantage in the awards. A paid plan changes when and where you launch, not how ' +
        'votes are counted. We explain the difference in more detail in [free or paid ' +
        'launch](/blog/free-vs-paid-launches).',
      '',
      '## Where awards appear',
      '',
      'Winners get a badge on their listing, a place on the [awards page](/awards) and a mention in the weekly ' +
        'newsletter. You can embed the badge on your website too.',
      '',
      '## A worked example',
      '',
      'Imagine three launches finish the week with 180, 150 and 150 votes. The first takes gold. The other two ' +
        'are tied, so we look at which one reached 150 votes first; if that happened on Wednesday for one and ' +
        'Friday for the other, the Wednesday launch takes silver and the Friday launch takes bronze. A fourth ' +
        'launch with 149 votes gets no medal, even if it passes 200 the following week.',
      '',
      '## What an award means',
      '',
      'An award means a lot of people liked your launch that week. It does not mean your product is the best in ' +
        'its category forever, and the absence of an award does not mean a launch failed. Some of the most ' +
        'successful products on Launchdeck never won one. The reviews and the customers you meet during launch ' +
        'week matter far more than the medal.',
    ].join('\n'),
  },
  {
    slug: 'keeping-reviews-genuine',
    title: 'How we keep reviews genuine',
    excerpt:
      'Reviews only help if you can trust them. Here is how moderation works and which reviews count toward a ' +
      'product rating.',
    author: 'Ife Adebanjo',
    publishedDaysAgo: 33,
    tags: ['reviews', 'trust', 'transparency'],
    faqs: [
      {
        question: 'Why does a product show fewer rated reviews than total reviews?',
        answer:
          'Only reviews marked as genuine by moderation count towards the rating. Others stay visible for ' +
          'transparency but are excluded from the average.',
      },
      {
        question: 'Can makers remove negative reviews?',
        answer:
          'No. Makers can reply publicly and report reviews that break the rules, but they cannot delete reviews.',
      },
      {
        question: 'How do I report a review?',
        answer: 'Use the report link under the review. A moderator looks at every report.',
      },
    ],
    bodyMarkdown: [
      'A rating is only useful if it reflects what real users think. That is why every review on Launchdeck goes ' +
        "through the same simple process, and why only genuine reviews count toward a product's rating.",
      '',
      '## What counts as genuine',
      '',
      'A genuine review is written by someone who has used the product and describes their own experience. It ' +
        'can be positive or negative, short or long. It does not have to be polite, but it does have to be about ' +
        'the product.',
      '',
      '## What we exclude from ratings',
      '',
      '- Reviews that promote something else, such as a channel, a coupon or a competing product.',
      '- Reviews written before the person could have used the product.',
      '- Copy-pasted praise that appears on several listings.',
      '- Reviews from accounts connected to the maker.',
      '',
      'These reviews may stay visible, clearly marked, but they do not affect the rating. We prefer this over ' +
        'silently deleting them, because it shows what moderation actually does.',
      '',
      '## How moderation works',
      '',
      '1. Automated checks flag reviews with known spam patterns or unusual account activity.',
      '2. A moderator reads every flagged review and every review that someone reports.',
      '3. The moderator marks the review as genuine or not and, if needed, adds a note.',
      '',
      'Makers can reply to any review publicly. A calm, helpful reply to a critical review often does more for a ' +
        "product's reputation than a five-star rating.",
      '',
      '## Why not hide low ratings?',
      '',
      'Because they are useful. A few honest two-star reviews that describe a missing feature tell future users ' +
        'exactly what to expect, and they tell makers what to build next. Products with only perfect ratings are ' +
        'less trusted, not more.',
      '',
      '## Numbers, not adjectives',
      '',
      'We publish how many reviews each listing has and how many of them count toward the rating. If you see a ' +
        'large gap between the two, that is a signal worth reading about, not necessarily a scandal: new products ' +
        'attract more drive-by comments than established ones. Look at the written reviews themselves, especially ' +
        'the middle ratings, which tend to be the most detailed and the most useful when you compare two similar ' +
        'products.',
      '',
      '## Your part',
      '',
      'If you have used a product you found on Launchdeck, consider leaving a review. Be specific: what did you ' +
        'use it for, what worked and what did not? If you want to read more about how we think about trust on the ' +
        'site, see [how the weekly awards are decided](/blog/how-weekly-awards-work) and our [community ' +
        'guidelines](/guidelines).',
    ].join('\n'),
  },
  {
    slug: 'domain-rating-explained',
    title: 'Domain rating, explained for founders',
    excerpt:
      'What the domain rating chart on a listing shows, where the number comes from and why you should not ' +
      'obsess over it.',
    author: 'Hanna Lindgren',
    publishedDaysAgo: 41,
    tags: ['seo', 'metrics', 'guides'],
    faqs: [
      {
        question: 'Where does the domain rating on Launchdeck come from?',
        answer:
          'It is a third-party score measured periodically for each company domain and stored as a history, so ' +
          'you can see the trend over several months.',
      },
      {
        question: 'Will launching on Launchdeck raise my domain rating?',
        answer:
          'A listing adds one link to your site, which can help a little. Lasting improvements come from many ' +
          'sites choosing to link to you over time.',
      },
    ],
    bodyMarkdown: [
      'Some listings on Launchdeck show a small domain rating chart. It is one of the most misunderstood numbers ' +
        'on the site, so here is what it is and what it is not.',
      '',
      '## What the number measures',
      '',
      "Domain rating is a score from 0 to 100 that estimates how strong a website's backlink profile is compared " +
        'with other sites. It is calculated by a third party, not by us, and it is based on how many sites link to ' +
        'a domain and how strong those sites are in turn.',
      '',
      'We record a reading regularly and show the last few months as a trend line. The trend is more useful than ' +
        'any single value.',
      '',
      '## What it is good for',
      '',
      "- Seeing whether a company's website is gaining attention over time.",
      '- Comparing young products with each other in a rough way.',
      '- Spotting a sudden change, for example after a move to a new domain.',
      '',
      '## What it is not',
      '',
      '1. **Not a quality score.** A brilliant product with a new domain will have a low rating for months.',
      '2. **Not traffic.** A high rating does not mean many visitors, and a niche product can be very successful ' +
        'with a modest rating.',
      '3. **Not something to buy.** Paying for links to raise the number can hurt your search visibility.',
      '',
      '## How to improve it honestly',
      '',
      'Create things worth linking to: useful guides, free tools, original data and a clear product story. Get ' +
        'listed in relevant directories, including the right [category on Launchdeck](/categories). Write about ' +
        'what you learn, and reach out to people who would genuinely find it useful.',
      '',
      '## A note on comparisons',
      '',
      'Comparing ratings across categories rarely makes sense. Developer tools tend to collect links from ' +
        'documentation, tutorials and code repositories, while a meal planner or a sleep app earns links from ' +
        'blogs and press instead. A rating of 25 can be excellent in one category and modest in another. When you ' +
        'compare alternatives on Launchdeck, look at the trend of each product against its own history first, and ' +
        'treat differences between products as a rough hint rather than a verdict.',
      '',
      '## Why some listings have no chart',
      '',
      'Not every domain has been measured yet, and some makers prefer not to show it. Both are fine. If you want ' +
        'more context on search visibility in general, read [SEO for product ' +
        'listings](/blog/seo-for-product-listings).',
      '',
      'Our advice: check the trend once a month, keep building things people want to share and spend the rest of ' +
        'your time on the product.',
    ].join('\n'),
  },
  {
    slug: 'choosing-the-right-category',
    title: 'Choosing the right category for your product',
    excerpt: 'The category you pick decides who finds your listing. A short guide to choosing the most specific fit.',
    author: 'Dario Quint',
    publishedDaysAgo: 52,
    tags: ['listings', 'guides', 'categories'],
    faqs: [
      {
        question: 'Can my product be in more than one category?',
        answer: 'Every listing has one primary category. Paid listings can add up to three extra categories.',
      },
      {
        question: 'What if no category fits my product?',
        answer:
          'Choose the closest top-level category and tell us what is missing. We add new subcategories when ' +
          'several products need one.',
      },
      {
        question: 'Can I change my category later?',
        answer: 'Yes, from the listing settings. The change shows up on category pages right away.',
      },
    ],
    bodyMarkdown: [
      'Category pages are one of the main ways people browse Launchdeck. Picking the right one puts your listing ' +
        'in front of people who are already looking for something like it.',
      '',
      '## Be specific',
      '',
      'Pick the most specific category that honestly describes your product. A time tracker belongs in [Focus & ' +
        'Time Tracking](/categories/time-tracking), not in the broad [Productivity](/categories/productivity) ' +
        'category. Specific categories are smaller, so your listing is easier to find, and visitors there know ' +
        'exactly what they want.',
      '',
      '## Describe the main job, not every job',
      '',
      'Many products do several things. Ask yourself what most customers use it for in the first week. That is ' +
        'your primary category.',
      '',
      '- An email tool with a landing page builder is still primarily [Email ' +
        'Marketing](/categories/email-marketing).',
      '- A CRM with a built-in dialer is still a [CRM](/categories/crm).',
      '- An AI assistant that writes sales emails could be [AI Writing](/categories/ai-writing) or [Sales ' +
        'Engagement](/categories/sales-outreach), depending on who buys it.',
      '',
      '## Fill in the comparison attributes',
      '',
      'Each category has a few comparison attributes, such as whether a product is open source, has a free plan ' +
        'or offers an API. Visitors use them to filter lists and compare alternatives side by side.',
      '',
      '1. Fill in every attribute you can answer honestly.',
      '2. Leave one blank if your website does not say. A blank is better than a guess.',
      '3. Update them when things change, such as a new mobile app.',
      '',
      '## Use extra categories wisely',
      '',
      'Paid listings can appear in up to three extra categories. Use them for genuinely related audiences, not ' +
        'for every category with traffic. A design tool that also serves marketers might add Landing Page ' +
        'Builders; it should not add Personal Finance.',
      '',
      '## Common mistakes',
      '',
      'We review category choices when listings are submitted, and the same mistakes come up again and again. ' +
        'The first is choosing the biggest category in the hope of more traffic; the listing then competes with ' +
        'hundreds of unrelated products and visitors skim past it. The second is choosing a category based on ' +
        'technology rather than the job, such as putting a sales assistant under AI only because it uses a ' +
        'language model. The third is forgetting to revisit the choice after a pivot. If your product has changed, ' +
        'your category probably should too.',
      '',
      '## When nothing fits',
      '',
      'If you cannot find a good fit, pick the closest top-level category and let us know. New subcategories are ' +
        'added when enough products need them. The full tree is on the [categories page](/categories).',
    ].join('\n'),
  },
  {
    slug: 'building-in-public-without-burning-out',
    title: 'Building in public without burning out',
    excerpt:
      'Sharing your progress can bring customers and friends. It can also take over your week. Here is how ' +
      'founders on Launchdeck keep it sustainable.',
    author: 'Hanna Lindgren',
    publishedDaysAgo: 60,
    tags: ['founders', 'community', 'marketing'],
    faqs: [
      {
        question: 'Do I have to share revenue numbers to build in public?',
        answer:
          'No. Many founders share what they learn, what they shipped and what went wrong without ever sharing ' +
          'revenue.',
      },
      {
        question: 'How often should I post updates?',
        answer: 'Pick a rhythm you can keep for a year. A weekly or fortnightly update is plenty for most teams.',
      },
    ],
    bodyMarkdown: [
      'Building in public means sharing your work as it happens: what you shipped, what you learned, sometimes ' +
        'what you earned. Done well, it brings early users, honest feedback and friends who cheer you on. Done ' +
        'badly, it turns into a second job.',
      '',
      '## Decide what you will share',
      '',
      'Before you post anything, decide where your lines are. Common choices:',
      '',
      '- **Always share**: features shipped, lessons learned, mistakes and how you fixed them.',
      '- **Sometimes share**: user numbers, revenue ranges, hiring plans.',
      '- **Never share**: customer names without permission, anything about your team members that they have not ' +
        'agreed to.',
      '',
      'Writing this down once saves you from agonising over every post.',
      '',
      '## Pick a rhythm you can keep',
      '',
      'A short weekly update beats a burst of daily posts followed by silence. Many founders on Launchdeck use ' +
        'the **updates** section on their listing as a public log, then share the same text elsewhere.',
      '',
      '1. Write the update on the same day each week.',
      '2. Keep it to three points: what shipped, what you learned, what is next.',
      '3. End with a question. It turns an announcement into a conversation.',
      '',
      '## Protect your focus',
      '',
      'Building in public can become a way to avoid hard work. Some guard rails that help:',
      '',
      '- Check comments twice a day rather than all day.',
      '- Never post about a feature before you have started building it.',
      '- Take a week off sharing when you need to. Nobody will forget you.',
      '',
      '## Share the boring parts too',
      '',
      'The most useful posts are often the least glamorous: how you handled a refund, why you changed your ' +
        'pricing, what a failed experiment taught you. They help other founders, and they show potential customers ' +
        'that there are real people behind the product.',
      '',
      '## When it stops being fun',
      '',
      'Pay attention to how sharing makes you feel. If you dread writing the weekly update, shorten it. If a ' +
        'metric you post every week starts to drive decisions it should not, stop posting it. Building in public ' +
        'is a tool, and like any tool it should serve the product and the people building it. Plenty of founders ' +
        'share openly for a year, then go quiet while they focus on a big release, and come back with a better ' +
        'story to tell.',
      '',
      '## Make it easy to follow along',
      '',
      'Link your listing, your changelog and your newsletter from one place. Your [founder profile](/founders) ' +
        'on Launchdeck can hold all of them, and visitors can follow your product to get updates without you ' +
        'posting the same thing everywhere. If you are thinking about writing a longer piece, read [writing a ' +
        'founder story people want to read](/blog/writing-your-founder-story).',
    ].join('\n'),
  },
  {
    slug: 'pricing-page-lessons',
    title: 'Seven pricing page lessons from hundreds of launches',
    excerpt: 'Patterns we keep seeing on the pricing pages of products that convert launch traffic into customers.',
    author: 'Tomás Ferreira',
    publishedDaysAgo: 74,
    tags: ['pricing', 'growth', 'founders'],
    faqs: [
      {
        question: 'Should I show prices publicly before launch?',
        answer:
          'Usually yes. Visitors who cannot find a price often assume it is expensive and leave. If pricing is ' +
          'still changing, say so and show a range.',
      },
      {
        question: 'How many plans should I offer?',
        answer: 'Two or three is enough for most early products. More options make the decision harder, not easier.',
      },
    ],
    bodyMarkdown: [
      'Launch traffic is generous but impatient. Many visitors click through from a listing, look for the price ' +
        'and decide within seconds. After reading hundreds of pricing pages linked from Launchdeck, a few patterns ' +
        'stand out.',
      '',
      '## 1. Show the price',
      '',
      'Products that hide their prices behind a contact form get fewer sign-ups from launch traffic. If you ' +
        'genuinely need a sales conversation for large customers, show prices for the smaller plans and add a ' +
        'contact option for the rest.',
      '',
      '## 2. Name plans after people, not metals',
      '',
      '"Solo", "Team" and "Company" tell visitors which plan is theirs. "Bronze", "Silver" and "Gold" make them ' +
        'read the fine print.',
      '',
      '## 3. Lead with the free option if you have one',
      '',
      'If there is a free plan or a free trial, say so at the top. Our data shows that listings with a clear ' +
        'free option get more clicks through to the website during launch week.',
      '',
      '## 4. Limit what matters, not what is cheap for you',
      '',
      'Limits should follow the value customers get, such as projects, seats or volume, rather than features ' +
        'that cost you nothing to provide. Artificial limits on small things feel petty and generate support ' +
        'tickets.',
      '',
      '## 5. Answer the scary questions on the page',
      '',
      '- Can I cancel at any time?',
      '- What happens to my data if I leave?',
      '- Is there a discount for non-profits or students?',
      '',
      'A short FAQ under the plans answers these before they become objections. You can repeat the answers in ' +
        'the FAQ section of your listing too.',
      '',
      '## 6. Keep the comparison table short',
      '',
      'A table with forty rows hides the three differences that matter. Put the important ones at the top and ' +
        'link to the full list.',
      '',
      '## 7. Change prices without fear',
      '',
      'Early pricing is a guess. Many successful products on Launchdeck changed prices two or three times in ' +
        'their first year. Keep existing customers on their old price, explain the change in an update and move on.',
      '',
      '## Test with real visitors',
      '',
      'You do not need a large experiment to learn from a pricing page. Watch five people from your target ' +
        'audience look at it while thinking aloud, and note where they hesitate. Most of the problems you will ' +
        'find are about wording, such as unclear plan names or limits described in units nobody uses, and they are ' +
        'cheap to fix before your next launch.',
      '',
      '## Where to go next',
      '',
      'If you are preparing a launch, pair this with [how to prepare for your launch ' +
        'week](/blog/how-to-prepare-for-launch-week). And when you write your listing, keep the pricing summary ' +
        'short and accurate; it is one of the first things visitors read.',
    ].join('\n'),
  },
  {
    slug: 'after-launch-day-checklist',
    title: 'The week after launch: a checklist',
    excerpt:
      'Launch week is over. Here is what to do in the following days to keep the momentum and learn from the traffic.',
    author: 'Maren Solberg',
    publishedDaysAgo: 88,
    tags: ['launch', 'guides', 'growth'],
    faqs: [
      {
        question: 'Does my listing disappear after launch week?',
        answer:
          'No. It stays on Launchdeck permanently, appears in its categories and search, and can keep ' +
          'collecting reviews and followers.',
      },
      {
        question: 'Can I launch the same product again?',
        answer:
          'A product launches once, but you can post updates and milestones at any time, and major new ' +
          'versions can be announced in the updates section.',
      },
    ],
    bodyMarkdown: [
      'The weekly board has moved on, and your launch is now in the archive. That is when the real work starts. ' +
        'Here is a checklist for the days after launch.',
      '',
      '## Day 1: say thank you',
      '',
      '- Reply to every remaining comment and review.',
      '- Post an update on your listing thanking people who tried the product. Mention one thing you will change ' +
        'because of their feedback.',
      '- If you won a [weekly award](/awards), add the badge to your website.',
      '',
      '## Days 2 and 3: sort the feedback',
      '',
      'Collect everything people said during the week into one document. Group it into three buckets:',
      '',
      '1. **Bugs**: fix the ones that block sign-up or core use first.',
      '2. **Confusion**: places where people misunderstood the product. These usually point to copy or ' +
        'onboarding, not features.',
      '3. **Requests**: features people asked for. Count them, but do not promise them yet.',
      '',
      '## Day 4: look at the numbers',
      '',
      'Compare sign-ups, activations and paying customers with a normal week. Launch traffic is unusual, so look ' +
        'at what happened after sign-up rather than at visits alone. Did people reach the moment where the product ' +
        'proves its value?',
      '',
      '## Day 5: follow up personally',
      '',
      'Email the people who signed up during launch week. Keep it short, written by a founder, with one ' +
        'question: what were you hoping the product would do? The answers are often more useful than any analytics ' +
        'dashboard.',
      '',
      '## The following weeks',
      '',
      '- Keep your listing current. Add [milestones](/blog/writing-your-founder-story) as you reach them.',
      '- Ask happy customers to leave a review. Genuine reviews keep helping long after launch week.',
      '- Share what you learned. A post about your launch numbers, good or bad, helps other founders and brings ' +
        'a second wave of visitors.',
      '',
      '## A note on tone',
      '',
      'When you write to launch-week sign-ups, resist the urge to sell. The people who tried your product during ' +
        'launch week did you a favour, and the best follow-up is a genuine question and a promise to read the ' +
        'answer. Founders who reply personally to every response often find their first paying customers in this ' +
        'group, along with a handful of people who become long-term advocates for the product.',
      '',
      "## Don't judge the launch too early",
      '',
      'Some of the best customers arrive weeks later, after finding your listing in a category page or through ' +
        'search. A quiet launch week is not the end of the story. Keep improving the product and the listing, and ' +
        'the long tail will do its work.',
    ].join('\n'),
  },
  {
    slug: 'open-source-launch-playbook',
    title: 'Launching an open-source project: a playbook',
    excerpt:
      'Open-source launches have their own rhythm. A playbook for maintainers who want users, contributors and ' +
      'maybe customers.',
    author: 'Ife Adebanjo',
    publishedDaysAgo: 101,
    tags: ['open-source', 'launch', 'developer-tools'],
    faqs: [
      {
        question: 'Should my open-source project have a hosted version at launch?',
        answer:
          'Not necessarily. Many projects launch with self-hosting only and add a hosted option once they know ' +
          'what users need.',
      },
      {
        question: 'Which licence should I choose?',
        answer:
          'It depends on your goals. Permissive licences such as MIT encourage adoption; copyleft licences ' +
          'such as AGPL protect against closed forks. Ask a lawyer if you plan to build a business on it.',
      },
      {
        question: 'How do I mark my listing as open source?',
        answer:
          'Choose open-source as the pricing model and fill in the open source attribute in your category. ' +
          'Both show up in filters.',
      },
    ],
    bodyMarkdown: [
      'Open-source projects launch differently from commercial products. Your first audience is developers, and ' +
        'they will read your README before your landing page. Here is a playbook that has worked for many ' +
        'maintainers on Launchdeck.',
      '',
      '## Before launch: make the first ten minutes great',
      '',
      'Developers decide quickly. Make sure someone can go from your repository to a working example in under ' +
        'ten minutes.',
      '',
      '- A README that says what the project does in the first line.',
      '- One command to install and one to run an example.',
      '- A short section on what the project does **not** do.',
      '- A licence file. Projects without one are legally hard to use.',
      '',
      '## Pick your category and attributes',
      '',
      'List the project in the category where people look for the problem it solves, for example [Developer ' +
        'Tools](/categories/developer-tools) or [Web Analytics](/categories/web-analytics). Mark it as open source ' +
        'and self-hostable so it appears in those filters.',
      '',
      '## Launch week',
      '',
      '1. Post the launch in the communities where your users already are, with a link to the listing and the ' +
        'repository.',
      '2. Be in the comments. Answer technical questions in detail; they are your best marketing.',
      '3. Label a few small issues as good first contributions. Launch week brings people who want to help.',
      '',
      '## Contributors, not just stars',
      '',
      'Stars are pleasant but fleeting. Contributors keep a project alive. Make contributing easy:',
      '',
      '- A CONTRIBUTING file with setup steps.',
      '- Fast, kind reviews of first pull requests.',
      '- A public roadmap so people know what is welcome.',
      '',
      '## Thinking about a business',
      '',
      'Many open-source projects on Launchdeck later add a hosted cloud version or paid support. If that is your ' +
        'plan, say so early and be clear about what stays open. Communities react badly to surprises, and well to ' +
        'honesty.',
      '',
      '## Documentation is the product',
      '',
      'For many developers, your documentation is the first real experience of the project. Keep a short ' +
        'getting-started guide separate from the reference, show complete examples that can be copied and run, and ' +
        'state supported versions clearly. When people ask the same question twice during launch week, add the ' +
        'answer to the docs the same day; it is the cheapest support you will ever provide, and it shows new ' +
        'visitors that the project is cared for.',
      '',
      '## After launch',
      '',
      "Post updates for releases on your listing and link to the changelog. Keep the listing's attributes " +
        'current as you add integrations or platforms. And read [the week after ' +
        'launch](/blog/after-launch-day-checklist) for a general checklist that applies to open-source projects ' +
        'too.',
    ].join('\n'),
  },
  {
    slug: 'writing-your-founder-story',
    title: 'Writing a founder story people want to read',
    excerpt:
      'The story section on your listing is a chance to explain why your product exists. A simple structure ' +
      'and a few examples.',
    author: 'Tomás Ferreira',
    publishedDaysAgo: 123,
    tags: ['founders', 'stories', 'copywriting'],
    faqs: [
      {
        question: 'Where does the founder story appear?',
        answer:
          'On the listing page, in the story section, for paid listings and listings where the section has ' +
          'been unlocked.',
      },
      {
        question: 'How long should a founder story be?',
        answer: 'Between 300 and 1,000 words works well. Each section can be a short paragraph.',
      },
    ],
    bodyMarkdown: [
      'People do not only buy products; they buy from people. The story section on a Launchdeck listing lets you ' +
        'explain why the product exists, and the best stories are often the most ordinary ones told honestly.',
      '',
      '## A simple structure',
      '',
      'The story section has a few prompts. You do not have to fill all of them, but together they make a ' +
        'complete picture:',
      '',
      '1. **Why you started.** The moment you decided this problem was worth years of your life.',
      '2. **The problem.** Who has it, how often and what it costs them.',
      '3. **The journey.** From first prototype to today, in a few sentences.',
      '4. **Challenges.** What was harder than expected.',
      '5. **Achievements.** What you are proud of, with numbers if you have them.',
      '6. **Lessons.** What you would tell yourself at the start.',
      '7. **What is next.** Where the product is going.',
      '',
      '## Be specific',
      '',
      'Compare these two openings:',
      '',
      '> We are passionate about helping teams work better together.',
      '',
      '> In 2022 I spent a whole weekend reconstructing billable hours from my calendar, and I decided never to ' +
        'do it again.',
      '',
      'The second one is a story. The first one could be about anything.',
      '',
      '## Include the hard parts',
      '',
      'Readers trust founders who admit what went wrong. A failed first version, a pricing mistake, a co-founder ' +
        'who left: these make the story believable and the success more meaningful.',
      '',
      '## Add milestones',
      '',
      'Milestones turn your story into a timeline. Add dates for founding, first customer, major releases and ' +
        'anything else you are proud of. They appear next to your story and help visitors see how far you have ' +
        'come.',
      '',
      '## Keep it current',
      '',
      'Update the "what is next" section when plans change, and add new milestones as you reach them. A story ' +
        'that was last touched two years ago says something too.',
      '',
      '## Edit ruthlessly',
      '',
      'Once you have a first draft, cut it by a third. Remove sentences that explain what the product does in ' +
        'detail, because the rest of the listing already covers that. Remove adjectives that do not carry ' +
        'information. Read the story aloud, and wherever you run out of breath, split the sentence. Finally, ask a ' +
        'customer to read it. If they recognise their own problem in the story, you are done.',
      '',
      '## Examples to learn from',
      '',
      'Browse listings in any [category](/categories) and look for the story section. You will see stories of ' +
        'every kind: solo founders, small teams, side projects that grew up. If you are still preparing your ' +
        'launch, start with [how to prepare for your launch week](/blog/how-to-prepare-for-launch-week).',
    ].join('\n'),
  },
  {
    slug: 'seo-for-product-listings',
    title: 'SEO for product listings: what actually matters',
    excerpt: 'How your Launchdeck listing appears in search engines, and the handful of fields that make a difference.',
    author: 'Hanna Lindgren',
    publishedDaysAgo: 140,
    tags: ['seo', 'listings', 'guides'],
    faqs: [
      {
        question: 'Does Launchdeck link to my website with a followed link?',
        answer:
          'Every listing links to the product website. Link attributes follow current search engine guidelines ' +
          'and may differ for promoted placements.',
      },
      {
        question: 'What is the SEO title on my listing?',
        answer:
          'It is the title search engines show for your listing page, up to 70 characters. If you leave it ' +
          'empty, we build one from your product name and tagline.',
      },
    ],
    bodyMarkdown: [
      'Your Launchdeck listing is a page on the web like any other, and for many products it ranks for the ' +
        'product name within days. A few fields decide how it looks in search results and which searches it can ' +
        'appear for.',
      '',
      '## The fields that matter',
      '',
      '- **SEO title** (up to 70 characters): shown as the clickable title in search results. Start with the ' +
        'product name, then say what it is.',
      '- **SEO description** (up to 170 characters): the snippet under the title. Write it for people, not for ' +
        'robots.',
      '- **Tagline and short description**: used on category pages and in previews when the SEO fields are empty.',
      '- **FAQs**: questions and answers can appear directly in search results, so answer the questions people ' +
        'actually type.',
      '',
      '## Write for the search, not the keyword',
      '',
      'Think about what someone types when they need your product: "invoice app for freelancers", "privacy ' +
        'friendly analytics", "meal planner for families". Use that wording naturally in the short description and ' +
        'the first paragraph of your description. Avoid lists of keywords; they read badly and do not help.',
      '',
      '## Fill in your category attributes',
      '',
      'Comparison attributes such as free plan, open source and platforms power the filters on [category ' +
        'pages](/categories). Visitors who filter are often close to a decision, so a complete profile can matter ' +
        'more than any ranking.',
      '',
      '## Use a consistent name',
      '',
      'Spell your product name the same way everywhere. If your name has accents, such as Café or Über, keep ' +
        'them; search on Launchdeck finds your listing with or without them.',
      '',
      '## What does not matter much',
      '',
      '1. Keyword density. Search engines stopped rewarding it long ago.',
      '2. Very long descriptions. A clear 300 words beats a rambling 3,000.',
      '3. Publishing many near-identical listings. Each product gets one listing.',
      '',
      '## FAQs deserve more attention',
      '',
      'Of all the fields on a listing, the FAQ section is the most underused. Each question can match a real ' +
        'search, such as whether a product works offline or has a free plan, and a direct answer helps visitors ' +
        'decide without leaving the page. Write questions the way people actually phrase them, keep answers to two ' +
        'or three sentences and update them when the answer changes. Six good questions beat twenty vague ones.',
      '',
      '## Measure, then adjust',
      '',
      'Watch how many visitors reach your listing from search over a few weeks. If the number is low, rewrite ' +
        'the SEO title and description and check again a month later. For the bigger picture on search visibility, ' +
        'read [domain rating, explained for founders](/blog/domain-rating-explained).',
    ].join('\n'),
  },
];

// ───────────────────────────── interviews
// ─────────────────────────────

const INTERVIEW_QUESTIONS: readonly string[] = [
  'What problem were you trying to solve when you started, and how did you first notice it?',
  'Who was your very first customer, and how did you find them?',
  'What did the first version of the product look like, and what did you get wrong?',
  'How did you decide on your pricing, and have you changed it since?',
  'What does a normal working week look like for you right now?',
  'Which marketing channel surprised you the most, for better or worse?',
  'What is one feature you deliberately decided not to build?',
  'How do you collect and prioritise feedback from users?',
  'What was the hardest moment so far, and what got you through it?',
  'Which tools does your team rely on every day?',
  'How did you find your co-founder, or why did you decide to go solo?',
  'What did you learn from your launch week?',
  'If you were starting again today, what would you do differently?',
  'What advice would you give to someone launching their first product?',
  'Where do you want the product to be a year from now?',
];

// ───────────────────────────── entry point
// ─────────────────────────────

/** The whole demo data set for one seed. Pure and deterministic: the same seed always
 *  yields deep-equal output, and the result shares no objects with module constants. */
export function buildDemoData(seed = 42): DemoData {
  const root = new Rng(seed);
  const drafts = draftFounders(root.fork('founders'), DEMO_FOUNDER_COUNT);
  const listings = buildListings(root, drafts);
  const founders = finishFounders(root, drafts, listings);
  return {
    categories: buildCategories(),
    founders,
    listings,
    blogPosts: BLOG_POSTS.map((post) => ({ ...post, tags: [...post.tags], faqs: post.faqs.map((f) => ({ ...f })) })),
    interviewQuestions: [...INTERVIEW_QUESTIONS],
  };
}
