/**
 * The app's shell as plain HTML (issue #25): the header and a placeholder the server puts inside
 * the app's root for a signed-in page, so a slow first visit paints at once instead of showing a
 * blank screen until the scripts have run. React replaces the root's content when it first renders,
 * which removes it without any code of the app's own (the first chunk has no bytes to spare).
 * The classes are the app header's own (app-layout.tsx), so nothing moves when the app takes over.
 */

/**
 * The signed-in pages with a fixed address: their titles and where their header's Back leads
 * (routes.tsx; null: no Back, as the app shows none to a signed-in rep on the chat, their home).
 * routes.test.tsx keeps both in step, so the title sits where the app's will. /home sends a
 * signed-in rep on to their own home, as the app's Back would.
 */
export const APP_SHELL_PAGES: Readonly<Record<string, { title: string; back: string | null }>> = {
  '/chat': { title: 'AI Sales Coach', back: null },
  '/training': { title: 'Sales Training', back: '/home' },
  '/community': { title: 'Community', back: '/home' },
  '/referral': { title: 'Referral Program', back: '/home' },
  '/progress': { title: 'Your Progress', back: '/chat' },
  '/practice': { title: 'Weekly Practice', back: '/training' },
  '/deck': { title: 'Objection Deck', back: '/chat' },
  '/account': { title: 'Account Settings', back: '/home' },
  '/admin': { title: 'Admin Panel', back: '/account' },
  '/upgrade': { title: 'Choose Your Plan', back: '/home' },
  '/checkout': { title: 'Upgrade to Pro', back: '/account' },
  '/checkout-basic': { title: 'Basic Access', back: '/account' },
  '/checkout-pro-promo': { title: 'Pro Launch Special', back: '/home' },
  '/tutorial': { title: 'Tutorial', back: '/home' },
};

/** The loading line, the same in the painted shell and in the app until the page shows (lazy-page.tsx's PageLoading). */
export const APP_SHELL_LOADING_CLASS = 'px-4 py-10 text-center text-slate-500';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The app header's Back (app-layout.tsx) to `href`, with lucide's arrow-left drawn inline.
 */
const backLink = (href: string) =>
  `<a href="${escapeHtml(href)}" class="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100">` +
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="h-5 w-5 sm:h-4 sm:w-4" aria-hidden="true"><path d="m12 19-7-7 7-7"/><path d="M19 12H5"/></svg>' +
  '<span class="max-sm:sr-only">Back</span></a>';

/**
 * The shell for a page titled `title`, with a Back link to `back` unless it is null. `signedIn`:
 * the request carried a session, so the coach is what is loading; without one the app will send
 * the visitor to sign in, and says only "Loading…".
 * The title is not a heading: the page's own H1 arrives with the app.
 */
export function appShellHtml(title: string, signedIn: boolean, back: string | null): string {
  return (
    '<div class="flex min-h-screen flex-col">' +
    '<header class="sticky top-0 z-40 shrink-0 border-b border-slate-200 bg-white/95 backdrop-blur">' +
    '<div class="mx-auto flex h-14 max-w-4xl items-center gap-2 px-2 sm:px-4">' +
    (back === null ? '' : backLink(back)) +
    `<div class="min-w-0 flex-1${back === null ? ' pl-2' : ''}"><p class="truncate text-base font-semibold leading-tight text-slate-900">${escapeHtml(title)}</p></div>` +
    '</div></header>' +
    `<main class="flex-1"><p role="status" class="${APP_SHELL_LOADING_CLASS}">${signedIn ? 'Loading your coach…' : 'Loading…'}</p></main>` +
    '</div>'
  );
}
