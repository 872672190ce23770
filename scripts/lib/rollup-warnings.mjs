// Bundler warnings that are known and harmless, silenced by exact code and module so that the first
// `npm start` (which builds) prints none, while every other warning still reaches the console.
// Used by vite.config.ts as `build.rollupOptions.onLog`: an `onwarn` there would be replaced by
// @preact/preset-vite's own (a plugin's config wins over the user's); `onLog` is handed every log.

/** Each entry: a Rollup warning code, the modules it is known for, and why it is harmless. */
const KNOWN = [
  {
    code: 'INVALID_ANNOTATION',
    // zod 4's own comments (core/util.js, core/regexes.js) explain in prose why code is wrapped in
    // `@__PURE__` calls; Rollup reads the word as a misplaced annotation and drops the comment. The
    // real annotations beside them are kept: nothing in the output changes.
    id: /[\\/]node_modules[\\/]zod[\\/]/,
  },
];

/** Rollup's `onLog`: drops the known warnings above, hands every other log to the default handler. */
export function silenceKnownWarnings(level, log, handler) {
  if (level === 'warn' && KNOWN.some((k) => k.code === log.code && k.id.test(log.id ?? ''))) return;
  handler(level, log);
}
