// The built SPA's index.html, cut once at its markers so each page is a few string joins:
// <!--head-->…<!--/head--> is replaced by the page's head, <!--data--> by its initial data.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type HtmlTemplate = {
  render(parts: { head: string; data: string }): string;
  /** When the file was built: the last change of the static pages (sitemap). */
  builtAt: Date;
};

const HEAD_OPEN = '<!--head-->';
const HEAD_CLOSE = '<!--/head-->';
const DATA = '<!--data-->';

export function parseTemplate(html: string, builtAt: Date): HtmlTemplate {
  const open = html.indexOf(HEAD_OPEN);
  const close = html.indexOf(HEAD_CLOSE);
  const data = html.indexOf(DATA);
  if (open < 0 || close < open || data < close) {
    throw new Error('index.html must hold <!--head-->…<!--/head--> then <!--data--> for the server to fill');
  }
  const before = html.slice(0, open);
  const middle = html.slice(close + HEAD_CLOSE.length, data);
  const after = html.slice(data + DATA.length);
  return {
    builtAt,
    render: ({ head, data: script }) => before + head + middle + script + after,
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
