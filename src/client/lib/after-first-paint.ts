// Resolves once the browser has painted the page's first content (the Paint Timing API's
// first-contentful-paint), in a task of its own. A tab in the background paints nothing: it resolves
// at once there, as it does where the API is missing (after the next frame), and after 3 s at worst.
const AT_WORST_MS = 3000;

export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      document.removeEventListener('visibilitychange', settle);
      setTimeout(resolve, 0);
    };
    if (document.visibilityState === 'hidden') return settle();
    document.addEventListener('visibilitychange', settle);
    setTimeout(settle, AT_WORST_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(settle);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      settle();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
