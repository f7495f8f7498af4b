import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/**
 * A `fetch` the test answers, installed before each test of the file and removed after it (with
 * the rendered tree), for component tests that go through the real API hooks.
 */
export function stubFetch(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** A JSON answer of the API, for a stubbed `fetch` to return. */
export const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
