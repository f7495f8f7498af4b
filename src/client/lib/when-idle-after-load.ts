/**
 * Runs `task` once the page has loaded and the browser is idle: for code a page will want soon
 * but not for its first paint, so fetching and running it does not hold up the page showing or
 * its first interactions. Returns a cancel function (an effect's cleanup).
 */
export function whenIdleAfterLoad(task: () => void): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    // Safari has no requestIdleCallback; a short timeout is close enough there. A busy page (a
    // slow phone, a long reply streaming) may never be idle: after 2 s the task runs anyway.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 2000 });
    else timer = window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
