import { describe, expect, it } from 'vitest';
import { clientSourcesWhere } from '../test/client-sources';

describe('latest props in a handler an effect hands out', () => {
  it('are read through React’s useEffectEvent, not a hand-rolled useLatest ref (issue #26)', () => {
    expect(clientSourcesWhere((text) => /function useLatest\b/.test(text))).toEqual([]);
  });
});
