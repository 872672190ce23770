// Lighthouse from npm driving Chromium (scripts/lib/chromium.mjs: the system's, or the one from npm):
// mobile form factor, simulated throttling (its defaults).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/**
 * One Lighthouse run of url in a fresh Chromium (resolveChromium's answer); scores 0..1 and LCP in ms.
 * keepTrace: also the trace it recorded (`traceEvents`), for main-thread-tasks.mjs to read.
 * headers: sent with every request (a signed-in page's session cookie).
 */
export async function audit(url, browser, { keepTrace = false, headers } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: [...new Set([...CHROME_FLAGS, ...browser.args])],
    envVars: { ...process.env, ...browser.env },
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(headers ? { extraHeaders: headers } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const failing = (category) =>
      lhr.categories[category].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id);
    return {
      url,
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      bestPractices: lhr.categories['best-practices'].score,
      seo: lhr.categories.seo.score,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // The main thread's tasks of 50 ms or more in its simulation (start and duration in ms, script).
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({ startMs: t.startTime, ms: t.duration, url: t.url })),
      traceEvents: keepTrace ? result.artifacts.Trace?.traceEvents : undefined,
      failing: {
        accessibility: failing('accessibility'),
        bestPractices: failing('best-practices'),
        seo: failing('seo'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

/** An audit, tried again when Lighthouse itself fails to record the page (e.g. NO_NAVSTART, seen here). */
async function auditWithRetry(url, browser, headers, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(url, browser, { headers });
    } catch (e) {
      if (i >= attempts) throw e;
      console.warn(`  Lighthouse attempt ${i} failed (${e.message}); trying again`);
    }
  }
}

/** Runs `runs` audits and keeps the one with the median performance score (Lighthouse varies run to run). */
export async function medianAudit(url, browser, runs, headers) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await auditWithRetry(url, browser, headers));
  results.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return { ...results[Math.floor((results.length - 1) / 2)], runs: results.map((r) => r.performance) };
}
