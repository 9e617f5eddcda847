// Synthetic listings for benchmarks: any number of plausible rows, generated lazily.
// Names come from a bijection index → syllables, so first words never repeat for a given
// seed (up to 2^26 listings) and are sparse in the space of pronounceable words: a query with
// a one-character typo lands far closer to the intended name than to any other listing.
// Taglines and descriptions reuse the demo vocabulary and plenty of common English words so
// a full-text index built from them has realistic term frequencies.
import type { SyntheticListing } from './demo-types.js';
import { CATEGORY_TREE, type SubcategoryDef, withArticle } from './demo-data.js';
import { hash32, mulberry32 } from './random.js';

// ── syllable inventory ──
// Word = A + B + C. A: onset (single or two-letter cluster) + vowel + optional soft coda;
// B: consonant + vowel; C: consonant + vowel + optional coda. Consonants and vowels are
// disjoint and every syllable has exactly one vowel, so a word parses back into (A, B, C)
// in only one way: distinct indexes give distinct words. Lengths are 6–9 letters.
const SINGLE = ['b', 'c', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z'] as const;
const CLUSTERS = [
  'br',
  'cr',
  'dr',
  'fr',
  'gr',
  'kr',
  'pr',
  'tr',
  'bl',
  'cl',
  'fl',
  'gl',
  'pl',
  'sl',
  'sk',
  'st',
  'ch',
  'sh',
  'th',
] as const;
const ONSETS_A: readonly string[] = [...SINGLE, ...CLUSTERS];
const VOWELS = ['a', 'e', 'i', 'o', 'u'] as const;
const CODAS_A = ['', 'n', 'r', 'l', 's', 'm'] as const;
const CODAS_C = ['', 'n', 'r', 's', 'x', 'l', 'm', 't'] as const;

const RADIX_A = ONSETS_A.length * VOWELS.length * CODAS_A.length; // 37 · 5 · 6 = 1110
const RADIX_B = SINGLE.length * VOWELS.length; // 18 · 5 = 90
const RADIX_CV = SINGLE.length * VOWELS.length; // C without its coda
// RADIX_C = 18 · 5 · 8 = 720, so A·B·C = 71,928,000 ≥ 2^26 and every 26-bit value decodes.
const BITS = 26;
const SPACE = 2 ** BITS;
const MASK = SPACE - 1;

const SUFFIXES = [
  'Cloud',
  'Labs',
  'AI',
  'Hub',
  'Studio',
  'HQ',
  'Flow',
  'Desk',
  'Works',
  'Suite',
  'Kit',
  'App',
  'Pro',
  'One',
  'Base',
  'Box',
] as const;

interface NameKeys {
  k0: number;
  k1: number;
  k2: number;
  suffixSalt: number;
}

function nameKeys(seed: number): NameKeys {
  return {
    k0: hash32(seed, 'k0') & MASK,
    k1: hash32(seed, 'k1') & MASK,
    k2: hash32(seed, 'k2') & MASK,
    suffixSalt: hash32(seed, 'suffix'),
  };
}

/** A seed-dependent bijection on 26-bit integers: odd multipliers, xor-shifts and added
 *  constants are each invertible modulo 2^26, so their composition is too. It scatters
 *  neighbouring indexes across the whole name space. */
function permute(x: number, k: NameKeys): number {
  x = (x + k.k0) & MASK;
  x = Math.imul(x, 0x2c9277b5) & MASK;
  x ^= x >>> 13;
  x ^= k.k1;
  x = Math.imul(x, 0x5bd1e995) & MASK;
  x ^= x >>> 11;
  x = (x + k.k2) & MASK;
  x = Math.imul(x, 0x68e31da5) & MASK;
  x ^= x >>> 14;
  return x;
}

function wordFor(v: number): string {
  const a = v % RADIX_A;
  v = Math.floor(v / RADIX_A);
  const b = v % RADIX_B;
  const c = Math.floor(v / RADIX_B); // ≤ 671 < 720 because v < 2^26
  const aRest = Math.floor(a / ONSETS_A.length);
  const first = ONSETS_A[a % ONSETS_A.length]!.toUpperCase().charAt(0) + ONSETS_A[a % ONSETS_A.length]!.slice(1);
  return (
    first +
    VOWELS[aRest % VOWELS.length]! +
    CODAS_A[Math.floor(aRest / VOWELS.length)]! +
    SINGLE[b % SINGLE.length]! +
    VOWELS[Math.floor(b / SINGLE.length)]! +
    SINGLE[c % SINGLE.length]! +
    VOWELS[Math.floor(c / SINGLE.length) % VOWELS.length]! +
    CODAS_C[Math.floor(c / RADIX_CV)]!
  );
}

function nameWith(i: number, k: NameKeys): string {
  const word = wordFor(permute(i & MASK, k));
  // About a third of products get a common second word ("Lumora Cloud"); the first word
  // alone stays unique, which is what typo-tolerant search relies on.
  const h = hash32(k.suffixSalt, i);
  return h % 100 < 35 ? `${word} ${SUFFIXES[(h >>> 8) % SUFFIXES.length]}` : word;
}

/** The name of synthetic listing i for a seed; identical to syntheticListings(…, seed)[i].name. */
export function syntheticName(i: number, seed = 7): string {
  return nameWith(i, nameKeys(seed));
}

// ── text ──

interface Vocab {
  slug: string;
  sub: SubcategoryDef;
}

const ADJECTIVES = [
  'simple',
  'fast',
  'friendly',
  'modern',
  'lightweight',
  'reliable',
  'open',
  'smart',
  'small',
  'secure',
  'clean',
  'flexible',
];
const CLOSINGS = [
  'Start for free and upgrade when your team grows.',
  'It works with the tools you already use and takes a few minutes to set up.',
  'The team ships small improvements every week and answers every email.',
  'Your data stays yours: export it at any time, in open formats.',
  'Built by a small team that uses the product every day.',
  'Join thousands of people who have made it part of their daily work.',
];
const COUNTRIES = [
  'US',
  'US',
  'US',
  'US',
  'GB',
  'GB',
  'DE',
  'DE',
  'FR',
  'IN',
  'IN',
  'CA',
  'NL',
  'ES',
  'BR',
  'SE',
  'PL',
  'AU',
  'JP',
  'NG',
  'SG',
  'IT',
  'PT',
  'MX',
  'KE',
  'IE',
  'CH',
  'UA',
  'KR',
  'AR',
];
const STAGES = ['idea', 'beta', 'beta', 'launched', 'launched', 'launched', 'growing', 'growing', 'established'];
const PRICING = [
  'freemium',
  'freemium',
  'freemium',
  'subscription',
  'subscription',
  'open-source',
  'usage-based',
  'paid',
  'free',
  'one-time',
];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Every demo category, each paired with a subcategory whose words describe it (a top-level
 *  category borrows one of its subcategories, chosen per listing). */
function vocabulary(): { slugs: string[]; subsOf: SubcategoryDef[][] } {
  const slugs: string[] = [];
  const subsOf: SubcategoryDef[][] = [];
  for (const top of CATEGORY_TREE) {
    slugs.push(top.slug);
    subsOf.push([...top.subs]);
    for (const sub of top.subs) {
      slugs.push(sub.slug);
      subsOf.push([sub]);
    }
  }
  return { slugs, subsOf };
}

/** Lazily yields `count` synthetic listings; each one is built from (seed, index) alone, so
 *  memory stays constant however many are consumed. */
export function* syntheticListings(count: number, seed = 7): Generator<SyntheticListing> {
  const keys = nameKeys(seed);
  const { slugs, subsOf } = vocabulary();
  const seedMix = hash32(seed, 'listing');
  for (let i = 0; i < count; i++) {
    const next = mulberry32((Math.imul(i, 0x9e3779b1) ^ seedMix) >>> 0);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

    const name = nameWith(i, keys);
    const lap = Math.floor(i / SPACE); // only beyond 2^26 listings: keeps slugs unique
    const slug = name.toLowerCase().replace(/ /g, '-') + (lap > 0 ? `-${lap}` : '');
    const categoryIndex = Math.floor(next() * slugs.length);
    const sub = pick(subsOf[categoryIndex]!);
    const vocab: Vocab = { slug: slugs[categoryIndex]!, sub };

    const audience = pick(sub.audience);
    const outcome = pick(sub.outcomes);
    const adj = pick(ADJECTIVES);
    const f0 = pick(sub.features);
    let f1 = pick(sub.features);
    if (f1 === f0) f1 = sub.features[(sub.features.indexOf(f0) + 1) % sub.features.length]!;
    const firstWord = name.split(' ')[0]!;

    const taglines = [
      `${cap(outcome)} with ${withArticle(sub.noun)} that just works`,
      `The ${adj} ${sub.noun} for ${audience}`,
      `Helps ${audience} ${outcome}`,
      `${cap(withArticle(sub.noun))} for ${audience} who want to ${outcome}`,
    ];
    const description = [
      `${name} is ${withArticle(adj)} ${sub.noun} for ${audience}.`,
      `${cap(pick(sub.problems))}, so we built a simpler way to ${outcome}.`,
      `It comes with ${f0} and ${f1}, and it works well for teams of any size.`,
      pick(CLOSINGS),
      next() < 0.5 ? `People who try ${firstWord} usually stay because it saves them time every week.` : '',
    ]
      .filter(Boolean)
      .join(' ');

    const keywords: string[] = [sub.noun.toLowerCase()];
    const kwCount = 2 + Math.floor(next() * 4);
    for (let k = 0; k < kwCount; k++) {
      const kw = pick(sub.keywords);
      if (!keywords.includes(kw)) keywords.push(kw);
    }

    // Votes follow the same skew as the demo data: rare hits, a long tail of small numbers.
    const x = next();
    const votes =
      x < 0.03 ? 200 + Math.floor(next() * 800) : x < 0.15 ? 80 + Math.floor(next() * 120) : Math.floor(next() * 80);

    yield {
      slug,
      name,
      domain: `${slug}.example`,
      tagline: pick(taglines),
      description,
      keywords,
      categorySlug: vocab.slug,
      country: pick(COUNTRIES),
      stage: pick(STAGES),
      pricingModel: pick(PRICING),
      votes,
      launchWeekOffset: next() < 0.8 ? 0 - Math.floor(next() * 11) : 1 + Math.floor(next() * 8), // 0 - n avoids -0
    };
  }
}
