import type { ResourceLink } from '@modelcontextprotocol/server';
import { isJsonObject } from './json-object.js';

const isWebUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//.test(v);

/**
 * The pages a person opens from an answer, as `resource_link` content: a client can show them as
 * links (or open them) without knowing which field of which tool holds a URL. An order's checkout,
 * page and invoice; a listing's public page.
 */
function linksOf(result: Record<string, unknown>): ResourceLink[] {
  const links: ResourceLink[] = [];
  const add = (uri: unknown, name: string, title: string, mimeType = 'text/html') => {
    if (isWebUrl(uri)) links.push({ type: 'resource_link', uri, name, title, mimeType });
  };
  if (typeof result.number === 'string' && 'checkout_url' in result) {
    const n = result.number;
    add(result.checkout_url, `checkout-${n}`, `Review and pay order ${n}`);
    add(result.page_url, `order-${n}`, `Order ${n}`);
    add(result.invoice_url, `invoice-${n}`, `Invoice for order ${n}`);
  }
  if (typeof result.slug === 'string' && isJsonObject(result.links)) {
    add(result.links.page, `listing-${result.slug}`, `${String(result.name ?? result.slug)}: listing page`);
  } else if (typeof result.page_url === 'string' && 'listing_id' in result) {
    add(result.page_url, `listing-${String(result.listing_id)}`, 'The listing page');
  }
  return links;
}

// A cached read is the same object on every call: its links are worked out once.
const known = new WeakMap<object, ResourceLink[]>();

export function resourceLinksOf(result: unknown): ResourceLink[] {
  if (!isJsonObject(result)) return [];
  let links = known.get(result);
  if (links === undefined) {
    links = linksOf(result);
    known.set(result, links);
  }
  return links;
}
