/**
 * The bare host a company is filed under: lowercase, without scheme, `www.`, port, path or
 * trailing dot — so "https://WWW.Example.com/about" and "example.com" are the same domain.
 */
export function normaliseDomain(input: string): string {
  let s = input.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  return s.replace(/^www\./, '');
}
