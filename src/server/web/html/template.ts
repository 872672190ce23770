// The built SPA's index.html, cut once at its markers so each page is a few string joins:
// <!--head-->…<!--/head--> is replaced by the page's head, <!--app--> (inside <div id="root">) by the
// server-rendered page if any, <!--data--> by its initial data.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type HtmlTemplate = {
  /** `app`: the root's markup; without it the root keeps its empty <!--app--> marker (the shell). */
  render(parts: { head: string; data: string; app?: string }): string;
  /** When the file was built: the last change of the static pages (sitemap). */
  builtAt: Date;
};

const HEAD_OPEN = '<!--head-->';
const HEAD_CLOSE = '<!--/head-->';
const APP = '<!--app-->';
const DATA = '<!--data-->';

export function parseTemplate(html: string, builtAt: Date): HtmlTemplate {
  const open = html.indexOf(HEAD_OPEN);
  const close = html.indexOf(HEAD_CLOSE);
  const app = html.indexOf(APP);
  const data = html.indexOf(DATA);
  if (open < 0 || close < open || app < close || data < app) {
    throw new Error('index.html must hold <!--head-->…<!--/head-->, <!--app--> then <!--data--> for the server to fill');
  }
  const before = html.slice(0, open);
  const middle = html.slice(close + HEAD_CLOSE.length, app);
  const between = html.slice(app + APP.length, data);
  const after = html.slice(data + DATA.length);
  // Over the page the server rendered, the app's code only makes it interactive: the stylesheet, the
  // font and the main image come first (the code is not needed for anything on screen).
  const middleAfterMarkup = middle.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  return {
    builtAt,
    render: ({ head, data: script, app: markup }) =>
      before + head + (markup ? middleAfterMarkup : middle) + (markup || APP) + between + script + after,
  };
}

/** Reads and cuts the template once; a failed read is retried on the next request. */
export function templateLoader(clientDir: string): () => Promise<HtmlTemplate> {
  let loading: Promise<HtmlTemplate> | null = null;
  return () => {
    loading ??= (async () => {
      const file = path.join(clientDir, 'index.html');
      const [html, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return parseTemplate(html, info.mtime);
    })().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}
