/** How a stored value is shown in a form field and compared when the form comes back. */

/** How a field is typed: one item per line, free text over several lines, or a single line. */
export type FieldShape = 'list' | 'long' | 'line';

/** A stored value as the text of its input: lists one item per line. */
export function formText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join('\n');
  return String(value);
}

/**
 * The text as compared: line endings, blank lines and outer spaces are not edits, nor are the
 * line breaks a one-line input cannot hold (the browser drops them).
 */
export function canonicalText(shape: FieldShape, text: string): string {
  const t = text.replace(/\r\n?/g, '\n');
  if (shape === 'list')
    return t
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
      .join('\n');
  return shape === 'long' ? t.trim() : t.replace(/\s+/g, ' ').trim();
}
