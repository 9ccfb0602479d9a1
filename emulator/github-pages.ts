/** Lists paged as GitHub pages them: 30 by default, 100 at most, the next page's address in a Link header. */

const MAX_PER_PAGE = 100

/** The page of `items` that `url` asks for, and the Link header to the next one when there is one. */
export function paged<T>(
  items: readonly T[],
  url: URL,
  address: string
): { page: T[]; link?: Record<string, string> | undefined } {
  const at = Number(url.searchParams.get('page') ?? 1)
  const perPage = perPageOf(url)
  const page = items.slice((at - 1) * perPage, at * perPage)
  if (at * perPage >= items.length) return { page }
  // The next page's address keeps every parameter of this one's, as GitHub's does.
  const query = new URLSearchParams(url.searchParams)
  query.set('page', String(at + 1))
  return { page, link: { link: `<${address}${url.pathname}?${query}>; rel="next"` } }
}

/** The most a page holds, whatever `per_page` asks. */
export function perPageOf(url: URL): number {
  return Math.min(MAX_PER_PAGE, Number(url.searchParams.get('per_page') ?? 30))
}
