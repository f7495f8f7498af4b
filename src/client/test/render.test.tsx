import { screen } from '@testing-library/react';
import { useLocation } from 'wouter';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { renderWithApp } from './render';

function Where() {
  const [location] = useLocation();
  return <p>{location}</p>;
}

describe('renderWithApp', () => {
  it("renders with the app's own query defaults, not React Query's (no retry, no refetch on focus, the app's staleTime)", () => {
    const { client } = renderWithApp(<Where />);
    expect(client.getDefaultOptions()).toEqual(createQueryClient().getDefaultOptions());
  });

  it('starts the router at the path, with a fresh client for each render', () => {
    const first = renderWithApp(<Where />, { path: '/progress' });
    expect(screen.getByText('/progress')).toBeTruthy();
    const second = renderWithApp(<Where />);
    expect(second.client).not.toBe(first.client);
  });
});
