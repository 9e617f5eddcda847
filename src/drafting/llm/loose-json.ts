/**
 * Parses the model's JSON, tolerating what models add around it despite the schema:
 * a ```json fence, or a sentence before or after the object. Undefined when nothing parses.
 */
export function parseJsonLoosely(content: string): unknown {
  const trimmed = content.trim();
  const candidates = [trimmed];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)\n?\s*```/.exec(trimmed);
  if (fenced) candidates.push(fenced[1].trim());
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(trimmed.slice(first, last + 1));
  for (const c of candidates) {
    if (!c) continue;
    try {
      return JSON.parse(c);
    } catch {
      /* try the next reading */
    }
  }
  return undefined;
}
