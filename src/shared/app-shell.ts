/**
 * The app's shell as plain HTML (issue #25): the header and a placeholder the server puts inside
 * the app's root for a signed-in page, so a slow first visit paints at once instead of showing a
 * blank screen until the scripts have run. React replaces the root's content when it first renders,
 * which removes it without any code of the app's own (the first chunk has no bytes to spare).
 * The classes are the app header's own (app-layout.tsx), so nothing moves when the app takes over.
 */

/** The signed-in pages with a fixed address, and their titles (routes.tsx; routes.test.tsx keeps them in step). */
export const APP_SHELL_TITLES: Readonly<Record<string, string>> = {
  '/chat': 'AI Sales Coach',
  '/training': 'Sales Training',
  '/community': 'Community',
  '/referral': 'Referral Program',
  '/progress': 'Your Progress',
  '/account': 'Account Settings',
  '/admin': 'Admin Panel',
  '/upgrade': 'Choose Your Plan',
  '/checkout': 'Upgrade to Pro',
  '/checkout-basic': 'Basic Access',
  '/checkout-pro-promo': 'Pro Launch Special',
  '/tutorial': 'Tutorial',
};

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell for a page titled `title`. `signedIn`: the request carried a session, so the coach is
 * what is loading; without one the app will send the visitor to sign in, and says only "Loading…".
 * The title is not a heading: the page's own H1 arrives with the app.
 */
export function appShellHtml(title: string, signedIn: boolean): string {
  return (
    '<div class="flex min-h-screen flex-col">' +
    '<header class="sticky top-0 z-40 shrink-0 border-b border-slate-200 bg-white/95 backdrop-blur">' +
    '<div class="mx-auto flex h-14 max-w-4xl items-center gap-2 px-2 sm:px-4">' +
    `<div class="min-w-0 flex-1 pl-2"><p class="truncate text-base font-semibold leading-tight text-slate-900">${escapeHtml(title)}</p></div>` +
    '</div></header>' +
    `<main class="flex flex-1 items-center justify-center px-4"><p role="status" class="text-sm text-slate-600">${signedIn ? 'Loading your coach…' : 'Loading…'}</p></main>` +
    '</div>'
  );
}
