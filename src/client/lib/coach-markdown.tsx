import { Fragment, type ReactNode } from 'react';
import Markdown, { sanitizer, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { safeMarkdownUrl } from './safe-url';

/**
 * markdown-to-jsx hands an override the element's attributes (its own `id` and `class` on
 * headings and code blocks, `start` on lists) along with its children. Only the ones named here
 * are passed on, so the look is ours alone.
 */
interface ElementProps {
  children?: ReactNode;
}

const heading = ({ children }: ElementProps) => <p className="mb-1 mt-3 font-semibold first:mt-0">{children}</p>;

/** Element styles for the coach's Markdown (the app has no typography plugin). */
const overrides: MarkdownToJSX.Overrides = {
  p: ({ children }: ElementProps) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  a: ({ href, children }: ElementProps & { href?: string }) => (
    // Links leave the app in a new tab, with no access back to it (no window.opener, no referrer).
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2">
      {children}
    </a>
  ),
  ul: ({ children }: ElementProps) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }: ElementProps) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  // A heading would outrank the page's own; in a chat bubble it is a bold line.
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  blockquote: ({ children }: ElementProps) => <blockquote className="my-2 border-l-4 border-slate-300 pl-3 italic text-slate-700">{children}</blockquote>,
  code: ({ children }: ElementProps) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{children}</code>,
  pre: ({ children }: ElementProps) => <pre className="my-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm">{children}</pre>,
  // markdown-to-jsx reads GFM tables (react-markdown did not without a plugin); a wide one
  // scrolls inside the bubble rather than widening it past the screen.
  table: ({ children }: ElementProps) => (
    <div className="my-2 overflow-x-auto">
      <table className="border-collapse text-left">{children}</table>
    </div>
  ),
  th: ({ children }: ElementProps) => <th className="border border-slate-200 px-2 py-1 font-semibold">{children}</th>,
  td: ({ children }: ElementProps) => <td className="border border-slate-200 px-2 py-1">{children}</td>,
  // A Markdown image would load a third-party address as soon as the message shows (a tracking
  // pixel in a pasted or injected reply); its alt text says the same without the request.
  img: ({ alt }: { alt?: string }) => <span>{alt}</span>,
};

const options: MarkdownToJSX.Options = {
  // Raw HTML in the text stays text: no element, attribute or handler of the coach's (or of
  // anything injected into its reply) reaches the page.
  disableParsingRawHTML: true,
  // Bare addresses stay text, as they were with react-markdown (CommonMark has no such links);
  // `<https://…>` and `[text](url)` are links.
  disableAutoLink: true,
  disableFrontmatter: true,
  // A one-line reply is a paragraph like any other, not a bare <span>.
  forceBlock: true,
  // The bubble's own <div> wraps the blocks; markdown-to-jsx would add a second one.
  wrapper: Fragment,
  // The library's filter first (javascript:, vbscript:, data: other than images, in any
  // encoding it knows), then ours: only the schemes a link may use.
  sanitizer: (value) => {
    const cleared = sanitizer(value);
    return cleared === null ? null : safeMarkdownUrl(cleared);
  },
  overrides,
};

/** The coach's reply as Markdown, with raw HTML shown as text and unsafe link targets dropped. */
export function CoachMarkdown({ text }: { text: string }) {
  return (
    <div className="break-words text-sm leading-relaxed">
      <Markdown options={options}>{text}</Markdown>
    </div>
  );
}
