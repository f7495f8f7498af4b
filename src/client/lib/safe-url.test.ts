import { describe, expect, it } from 'vitest';
import { safeMarkdownUrl } from './safe-url';

describe('safeMarkdownUrl', () => {
  it.each(['https://example.com', 'HTTP://example.com', 'mailto:a@example.com', '/chat', '../x', '#top', '?q=a:b', 'notes/q3:plan'])('keeps %s', (url) => {
    expect(safeMarkdownUrl(url)).toBe(url);
  });

  // Browsers read these as javascript:/data:/file: links once they drop tabs and newlines and trim the ends.
  it.each(['javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', ' \u0001javascript:alert(1)', 'data:text/html,x', 'data:image/png;base64,AA', 'vbscript:x', 'file:///etc/passwd', 'blob:https://x/y'])(
    'drops %j',
    (url) => {
      expect(safeMarkdownUrl(url)).toBeNull();
    },
  );
});
