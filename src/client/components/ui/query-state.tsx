import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * Where the block sits: `page` fills a page of its own, `panel` a section of a page (a boxed
 * area the rest of the page stays around), `compact` a dialog or a small card.
 */
export type QueryStateLayout = 'page' | 'panel' | 'compact';

const LAYOUT = {
  page: { error: 'mx-auto max-w-md px-4 py-10 text-center', message: 'text-slate-700', button: 'mt-4', size: 'md', loading: 'px-4 py-10 text-center text-slate-500' },
  panel: { error: 'rounded-xl border border-slate-200 bg-white p-6 text-center', message: 'text-slate-700', button: 'mt-3', size: 'md', loading: 'py-6 text-center text-slate-500' },
  compact: { error: 'space-y-2', message: 'text-sm text-red-700', button: '', size: 'sm', loading: 'text-sm text-slate-500' },
} as const;

/** The part of a React Query result the block reads, so a query and an infinite query both fit. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What did not load, in the page's words ("The training could not be loaded."). */
  error: ReactNode;
  /** Said while the first answer is on its way. */
  loading?: ReactNode;
  layout?: QueryStateLayout;
  /**
   * A page whose failure has a frame of its own (the admin panel's locked card) draws it; the
   * retry it is given is the block's Try again.
   */
  renderError?: (retry: () => void) => ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A query's three states, written once (issue #26): its data as soon as there is some, else a
 * failure announced as an alert with Try again (which asks again), else a status line while it
 * loads. Data wins over a later failure: a background refresh that fails leaves what the user
 * was reading on screen instead of replacing it with an error.
 */
export function QueryState<T>({ query, error, loading = 'Loading…', layout = 'page', renderError, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return children(query.data);
  const look = LAYOUT[layout];
  const retry = () => void query.refetch();
  if (query.isError) {
    if (renderError) return renderError(retry);
    return (
      <div className={look.error}>
        <p role="alert" className={look.message}>
          {error}
        </p>
        <Button variant="secondary" size={look.size} className={look.button} onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className={look.loading}>
      {loading}
    </p>
  );
}
