import { QueryState, type QueryLike, type QueryStateProps } from '../../../components/ui/query-state';
import { isAdminLocked } from '../api/admin-request';

/** A panel query as the block reads it: QueryState's part, and the error, to tell the unlock running out from a failure. */
export interface AdminQueryLike<T> extends QueryLike<T> {
  error: unknown;
}

type AdminQueryStateProps<T> = Omit<QueryStateProps<T>, 'query' | 'renderError'> & { query: AdminQueryLike<T> };

/**
 * QueryState for the panel's own reads. A 403 `admin_locked` is no failure to try again: the
 * unlock has ended and admin-request.ts is already taking the panel back to its unlock form, so
 * the block says so instead of offering a Try again the server would only refuse.
 */
export function AdminQueryState<T>({ query, ...props }: AdminQueryStateProps<T>) {
  const locked = isAdminLocked(query.error);
  return (
    <QueryState
      query={query}
      {...props}
      renderError={
        locked
          ? () => (
              <p role="status" className="text-sm text-slate-600">
                The unlock has ended. Back to the unlock form…
              </p>
            )
          : undefined
      }
    />
  );
}
