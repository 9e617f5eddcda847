import type { ViewPage } from './site-view.js';

/** A JSON-LD object with its @type(s), found anywhere in a page's scripts (top level, arrays, @graph, nested). */
export interface LdNode {
  types: string[];
  data: Record<string, unknown>;
  page: ViewPage;
}

const ORGANIZATION_TYPES = [
  'Organization',
  'Corporation',
  'LocalBusiness',
  'ProfessionalService',
  'OnlineBusiness',
  'NGO',
  'EducationalOrganization',
];
const PRODUCT_TYPES = ['SoftwareApplication', 'WebApplication', 'MobileApplication', 'Product', 'Service'];

export function ldNodes(pages: ViewPage[]): LdNode[] {
  const out: LdNode[] = [];
  for (const page of pages) {
    // Children are pushed in reverse so they come off the stack in document order.
    const stack: { v: unknown; depth: number }[] = page.jsonLd.map((v) => ({ v, depth: 0 })).reverse();
    while (stack.length) {
      const { v, depth } = stack.pop()!;
      if (depth > 12 || !v || typeof v !== 'object') continue;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1 });
        continue;
      }
      const data = v as Record<string, unknown>;
      const t = data['@type'];
      const types = (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
      if (types.length) out.push({ types, data, page });
      const children = Object.entries(data).filter(([k]) => !k.startsWith('@') || k === '@graph');
      for (let i = children.length - 1; i >= 0; i--) stack.push({ v: children[i][1], depth: depth + 1 });
    }
  }
  return out;
}

export const isType = (n: LdNode, types: string[]) => n.types.some((t) => types.includes(t));
export const organizations = (nodes: LdNode[]) => nodes.filter((n) => isType(n, ORGANIZATION_TYPES));
export const products = (nodes: LdNode[]) => nodes.filter((n) => isType(n, PRODUCT_TYPES));

/** A plain string property (or the first string of an array); never an object. */
export function ldString(data: Record<string, unknown>, key: string): string | undefined {
  const v = data[key];
  const first = Array.isArray(v) ? v.find((x) => typeof x === 'string' || typeof x === 'number') : v;
  if (typeof first === 'number' && Number.isFinite(first)) return String(first);
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

export function ldStrings(data: Record<string, unknown>, key: string): string[] {
  const v = data[key];
  return (Array.isArray(v) ? v : [v])
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .map((x) => x.trim());
}

export function ldObjects(data: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const v = data[key];
  return (Array.isArray(v) ? v : [v]).filter(
    (x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x),
  );
}
