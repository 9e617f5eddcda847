import type { DraftContent, Proposal, ProfileField } from './draft-content.js';
import type { Evidence } from './evidence.js';
import { addEvidence } from './llm/quote-verifier.js';
import { wordSimilarity } from './llm/text-overlap.js';

export interface CompetitorComparison {
  url: string;
  name: string | null;
  tagline: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  /** Our wording of the features both products have. */
  shared_features: string[];
  only_ours: string[];
  only_theirs: string[];
  /** The quotes behind every competitor value and every feature shown. */
  evidence: Evidence[];
}

/** Two features are the same when at least half their content words match (Dice over inflected words). */
export const FEATURE_MATCH = 0.5;

/**
 * Compares our draft with a competitor's, drafted from their website the same way. Pure: every
 * value shown comes from one of the two drafts. On their side a proposal without evidence is not
 * a value (it would be not_found) and is left out, so all we say about them is quoted. On our
 * side values may be the founder's own typed words, which carry no quotes and still count.
 */
export function compareWithCompetitor(
  ours: DraftContent,
  theirs: DraftContent,
  theirsUrl: string,
): CompetitorComparison {
  const evidence: Evidence[] = [];
  const text = (d: DraftContent, f: ProfileField): string | null => {
    const p = quoted(d.fields[f]);
    if (!p || typeof p.value !== 'string' || !p.value.trim()) return null;
    addEvidence(evidence, p.evidence);
    return p.value;
  };
  const name = text(theirs, 'name');
  const tagline = text(theirs, 'tagline');
  const pricing_model = text(theirs, 'pricing_model');
  const pricing_summary = text(theirs, 'pricing_summary');

  const ourFeatures = features(ours, false);
  const theirFeatures = features(theirs, true);
  const pairs = matchFeatures(ourFeatures.items, theirFeatures.items);
  const matchedOurs = new Set(pairs.map(([i]) => i));
  const matchedTheirs = new Set(pairs.map(([, j]) => j));
  const shared_features = ourFeatures.items.filter((_, i) => matchedOurs.has(i));
  const only_ours = ourFeatures.items.filter((_, i) => !matchedOurs.has(i));
  const only_theirs = theirFeatures.items.filter((_, j) => !matchedTheirs.has(j));
  if (ourFeatures.items.length) addEvidence(evidence, ourFeatures.evidence ?? []);
  if (theirFeatures.items.length) addEvidence(evidence, theirFeatures.evidence);

  return {
    url: theirsUrl,
    name,
    tagline,
    pricing_model,
    pricing_summary,
    shared_features,
    only_ours,
    only_theirs,
    evidence,
  };
}

const quoted = (p: Proposal | undefined): Proposal | null => (p && p.evidence.length > 0 ? p : null);

/** A draft's features, without duplicates; with `needQuotes`, none when the proposal carries no evidence. */
function features(d: DraftContent, needQuotes: boolean): { items: string[]; evidence: Evidence[] } {
  const p = needQuotes ? quoted(d.fields.features) : d.fields.features;
  if (!p || !Array.isArray(p.value)) return { items: [], evidence: [] };
  const items: string[] = [];
  for (const v of p.value) {
    if (typeof v !== 'string' || !v.trim()) continue;
    if (!items.some((x) => x.toLowerCase() === v.trim().toLowerCase())) items.push(v.trim());
  }
  return { items, evidence: p.evidence };
}

/**
 * One-to-one pairs [ours, theirs], best matches first, so a broad feature of theirs cannot
 * count as shared with three of ours.
 */
function matchFeatures(ours: string[], theirs: string[]): [number, number][] {
  const scored: { i: number; j: number; score: number }[] = [];
  for (const [i, a] of ours.entries()) {
    for (const [j, b] of theirs.entries()) {
      const score = wordSimilarity(a, b);
      if (score >= FEATURE_MATCH) scored.push({ i, j, score });
    }
  }
  scored.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  const usedI = new Set<number>();
  const usedJ = new Set<number>();
  const pairs: [number, number][] = [];
  for (const s of scored) {
    if (usedI.has(s.i) || usedJ.has(s.j)) continue;
    usedI.add(s.i);
    usedJ.add(s.j);
    pairs.push([s.i, s.j]);
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}
