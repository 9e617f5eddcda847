/** The value of one sample in Prometheus text exposition, matched by name and exact label set; null if absent. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '')
      .split(/,(?=[a-zA-Z_]\w*=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (got === wanted) return Number(m[3]);
  }
  return null;
}
