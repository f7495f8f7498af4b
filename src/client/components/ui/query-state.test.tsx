// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clientSourcesWhere } from '../../test/client-sources';
import { QueryState, type QueryLike } from './query-state';

afterEach(cleanup);

function Loaded({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['thing'], queryFn: load, retry: false });
  return (
    <QueryState query={query} error="The thing could not be loaded.">
      {(thing) => <p data-testid="thing">{thing}</p>}
    </QueryState>
  );
}

const renderLoaded = (load: () => Promise<string>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Loaded load={load} />
    </QueryClientProvider>,
  );

describe('QueryState', () => {
  it('says it is loading as a status until the answer comes, then shows the data', async () => {
    let answer: (value: string) => void = () => {};
    renderLoaded(() => new Promise<string>((resolve) => (answer = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    answer('the data');
    expect((await screen.findByTestId('thing')).textContent).toBe('the data');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a failure as an alert in the page’s words, and Try again asks again', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('loaded the second time');
    renderLoaded(load);
    expect((await screen.findByRole('alert')).textContent).toBe('The thing could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('thing')).textContent).toBe('loaded the second time');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps data on screen when a later refresh fails, and takes the page’s loading words', () => {
    const failedRefresh: QueryLike<string> = { data: 'still here', isError: true, refetch: () => undefined };
    render(<QueryState query={failedRefresh} error="Not loaded.">{(d) => <p>{d}</p>}</QueryState>);
    expect(screen.getByText('still here')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    render(<QueryState query={{ data: undefined, isError: false, refetch: () => undefined }} error="Not loaded." loading="Loading discussions…">{(d: string) => <p>{d}</p>}</QueryState>);
    expect(screen.getByRole('status').textContent).toBe('Loading discussions…');
  });
});

describe('the load-failure block', () => {
  it('is written once: no page wires its own Try again to a query’s refetch (issue #26)', () => {
    expect(clientSourcesWhere((text) => /onClick=\{\(\) => void \w+\.refetch\(\)\}/.test(text))).toEqual([]);
  });

  it('is the only "could not be loaded" line: no page writes its own alert or status for a failed load, without Try again', () => {
    expect(clientSourcesWhere((text) => /role="(?:alert|status)"[^>]*>[^<]*could not be loaded/.test(text))).toEqual([]);
  });
});
