/**
 * Lists paged as GitLab pages them (offset pagination): `page` from 1,
 * `per_page` 20 by default and 100 at most, and the headers that tell where
 * a client is: X-Page, X-Per-Page, X-Next-Page and X-Prev-Page (empty at the
 * ends), X-Total, X-Total-Pages and a Link header to the other pages.
 */

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100

/** The page of `items` that `url` asks for, and the headers GitLab answers it with. */
export function paged<T>(
  items: readonly T[],
  url: URL,
  address: string
): { page: T[]; headers: Record<string, string> } {
  const at = Math.max(1, Number(url.searchParams.get('page') ?? 1))
  const asked = Number(url.searchParams.get('per_page') ?? DEFAULT_PER_PAGE)
  const perPage = asked < 1 ? DEFAULT_PER_PAGE : Math.min(MAX_PER_PAGE, asked)
  const pages = Math.max(1, Math.ceil(items.length / perPage))
  const next = at < pages ? String(at + 1) : ''
  const prev = at > 1 ? String(Math.min(at - 1, pages)) : ''
  const link = (page: number, rel: string): string => {
    // Every link keeps this page's parameters, as GitLab's do.
    const query = new URLSearchParams(url.searchParams)
    query.set('page', String(page))
    query.set('per_page', String(perPage))
    return `<${address}${url.pathname}?${query}>; rel="${rel}"`
  }
  const links = [
    ...(prev ? [link(Number(prev), 'prev')] : []),
    ...(next ? [link(Number(next), 'next')] : []),
    link(1, 'first'),
    link(pages, 'last')
  ]
  return {
    page: items.slice((at - 1) * perPage, at * perPage),
    headers: {
      'x-page': String(at),
      'x-per-page': String(perPage),
      'x-next-page': next,
      'x-prev-page': prev,
      'x-total': String(items.length),
      'x-total-pages': String(pages),
      link: links.join(', ')
    }
  }
}
