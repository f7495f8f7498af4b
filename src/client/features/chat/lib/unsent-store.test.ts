// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { PERSONAL_STORAGE_KEYS } from '../../../lib/browser-storage';
import { loadUnsent, saveUnsent } from './unsent-store';

const KEY = PERSONAL_STORAGE_KEYS.unsentChatMessage;
const kept = { sessionId: 's1', clientId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', content: 'Hi', reason: 'offline' };

afterEach(() => localStorage.clear());

describe('unsent-store', () => {
  it('keeps a failed message across a reload, and only its four fields', () => {
    localStorage.setItem(KEY, JSON.stringify({ ...kept, extra: 'x' }));
    expect(loadUnsent()).toEqual(kept);
    saveUnsent(null);
    expect(loadUnsent()).toBeNull();
    saveUnsent(kept);
    expect(loadUnsent()).toEqual(kept);
  });

  it.each([['not json'], [JSON.stringify({ ...kept, clientId: 'not-a-uuid' })], [JSON.stringify({ ...kept, content: 3 })], [JSON.stringify(null)], [JSON.stringify([kept])]])(
    'ignores a record it cannot trust: %s',
    (raw) => {
      localStorage.setItem(KEY, raw);
      expect(loadUnsent()).toBeNull();
    },
  );
});
