/** The built-in providers' names as pages and the API show them, with the scale each rates on. */
export const KNOWN_PROVIDERS: Record<string, { label: string; scale: number | null }> = {
  ahrefs: { label: 'Ahrefs Domain Rating', scale: 100 },
  openpagerank: { label: 'Open PageRank', scale: 10 },
  // Readings an administrator imported without naming their source.
  import: { label: 'Domain Rating (imported)', scale: null },
  // The demo seed's invented figures: labelled as such, never passed off as a real provider's.
  demo: { label: 'Domain Rating (demo data)', scale: null },
};

/** What a reading's source is called; an imported provider name is shown as given. */
export function providerLabel(name: string): string {
  return KNOWN_PROVIDERS[name]?.label ?? name;
}

/** Why `--provider`/`--scale` may not be used together, or null: a known provider keeps its own scale. */
export function providerScaleProblem(name: string, scale: number): string | null {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name))
    return `--provider must be a lowercase name like "import" or "ahrefs", got "${name}"`;
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000) return '--scale must be a whole number from 1 to 1000';
  const known = KNOWN_PROVIDERS[name]?.scale;
  if (known && known !== scale) return `--provider ${name} rates 0–${known}: use --scale ${known}`;
  return null;
}
