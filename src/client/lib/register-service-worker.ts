/**
 * Registers the service worker (public/sw.js) that makes the app installable and lets it open
 * offline (product §13.5). Production builds only: in development it would cache Vite's modules.
 * Failures are ignored on purpose: the app works the same without it, so they never reach the console.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Not available here (private mode, blocked by policy, plain HTTP on a LAN address): nothing to do.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
