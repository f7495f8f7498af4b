/**
 * The schemes a link in a coach reply may use: react-markdown's list, which the chat used
 * before (issue #13), so a link that worked then works now and nothing else does. markdown-to-jsx's
 * own filter lets `data:image/…` through (it expects images), and a link is not an image.
 */
const SAFE_SCHEME = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * Browsers drop tabs and newlines anywhere in a URL and trim spaces and control characters at
 * its ends before reading the scheme, so `java\tscript:` is `javascript:` to them: judge it as they do.
 */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_BY_BROWSERS = /[\t\n\r]|^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/**
 * `url` when it is relative or uses a safe scheme, otherwise null (the link is then shown without
 * an address). A colon after the first `/`, `?` or `#` is part of a path or query, not a scheme.
 */
export function safeMarkdownUrl(url: string): string | null {
  const seen = url.replace(IGNORED_BY_BROWSERS, '');
  const colon = seen.indexOf(':');
  if (colon === -1) return url;
  const beforeScheme = seen.search(/[/?#]/);
  if (beforeScheme !== -1 && beforeScheme < colon) return url;
  return SAFE_SCHEME.test(seen.slice(0, colon)) ? url : null;
}
