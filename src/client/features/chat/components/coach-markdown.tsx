import Markdown, { type Components } from 'react-markdown';

/**
 * Element styles for the coach's Markdown (the app has no typography plugin). Only the props we
 * choose are passed on: react-markdown also hands each component its syntax-tree node.
 */
const components: Components = {
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  a: ({ href, children }) => (
    // Links leave the app in a new tab, with no access back to it (no window.opener, no referrer).
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2">
      {children}
    </a>
  ),
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  h1: ({ children }) => <p className="mb-1 mt-3 font-semibold first:mt-0">{children}</p>,
  h2: ({ children }) => <p className="mb-1 mt-3 font-semibold first:mt-0">{children}</p>,
  h3: ({ children }) => <p className="mb-1 mt-3 font-semibold first:mt-0">{children}</p>,
  blockquote: ({ children }) => <blockquote className="my-2 border-l-4 border-slate-300 pl-3 italic text-slate-700">{children}</blockquote>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{children}</code>,
  pre: ({ children }) => <pre className="my-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm">{children}</pre>,
  // A Markdown image would load a third-party address as soon as the message shows (a tracking
  // pixel in a pasted or injected reply); its alt text says the same without the request.
  img: ({ alt }) => <span>{alt}</span>,
};

/**
 * The coach's reply as Markdown, safely: without rehype-raw, react-markdown turns any raw HTML
 * in the text into plain text, and its default URL filter drops javascript: and other unsafe links.
 */
export function CoachMarkdown({ text }: { text: string }) {
  return (
    <div className="break-words text-sm leading-relaxed">
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
