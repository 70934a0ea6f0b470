// A paged list ({ items, hasNextPage, nextPageCursor }) read page by page with "Load more",
// through TanStack Query's infinite queries: the pages loaded stay cached under the first page's
// path, and a change marks them stale like any other answer.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, problemOf, useShown, type Resource } from './data.js';
import { queryKeyOf } from './query.js';

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface Pages<P extends Page<unknown>> {
  /** The first page (loading and failure as useApi's). */
  first: Omit<Resource<P>, 'set'>;
  /** The items of the pages loaded after the first. */
  more: P['items'];
  hasMore: boolean;
  /** Asks for the next page. */
  loadMore: () => void;
  loadingMore: boolean;
  /** Why the last "load more" failed. */
  moreError: string | undefined;
}

/** GETs `path`, then `pageOf(cursor)` for each further page; `itemsOf` finds a page's items when they are not under `items` (orders). */
export function usePages<P extends Page<unknown>>(
  path: string,
  pageOf: (cursor: string) => string,
  itemsOf: (page: P) => P['items'] = (page) => page.items,
): Pages<P> {
  const query = useInfiniteQuery({
    queryKey: [...queryKeyOf(path), 'pages'],
    queryFn: ({ pageParam }) => api<P>('GET', pageParam ? pageOf(pageParam) : path),
    initialPageParam: '',
    getNextPageParam: (last: P) => (last.hasNextPage && last.nextPageCursor ? last.nextPageCursor : undefined),
    placeholderData: keepPreviousData,
  });
  const shown = useShown(query, path);
  const pages = shown.data?.pages ?? [];
  return {
    first: { ...shown, data: pages[0] },
    more: pages.slice(1).flatMap((page) => itemsOf(page)),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    moreError: query.isFetchNextPageError && !query.isFetching ? problemOf(query.error) : undefined,
  };
}
