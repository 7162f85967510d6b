/**
 * Registers public/sw.js (the offline page and static files; never API answers) once the page
 * has loaded, so it never competes with the first screen for the network. Only in a production
 * build: the dev server's modules are not hashed and must never be served from a cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the site still works; it only loses the offline page.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
