import type { PageOf } from './schemas/common.js';

export interface PageRequest {
  page?: number;
  per_page?: number;
}

export function pageBounds(input: PageRequest): { page: number; perPage: number; offset: number } {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? 20;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function pageOf<T>(items: T[], total: number, input: PageRequest): PageOf<T> {
  const { page, perPage } = pageBounds(input);
  return { items, page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/** RFC 8288 Link header (first, prev, next, last) for a paginated response. */
export function linkHeader(url: URL, result: { page: number; total_pages: number }): string | null {
  const rel = (name: string, page: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(page));
    return `<${u.toString()}>; rel="${name}"`;
  };
  const last = Math.max(1, Math.min(result.total_pages, 1000));
  const links = [rel('first', 1)];
  if (result.page > 1) links.push(rel('prev', Math.min(result.page - 1, last)));
  if (result.page < last) links.push(rel('next', result.page + 1));
  links.push(rel('last', last));
  return links.join(', ');
}
