// Reading what the server put in a page's HTML, as a crawler without JavaScript would.

export function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

/** <meta name|property="key" content="…"> (content still HTML-escaped). */
export function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return re.exec(html)?.[1];
}

export function links(html: string, rel: string): string[] {
  return [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, 'g'))].map((m) => m[0]);
}

export function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

type Thing = Record<string, unknown> & { '@type': string };

/** Every JSON-LD object of the page (the @graph flattened). Throws if a block is not JSON. */
export function jsonLd(html: string): Thing[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((m) => {
    const parsed = JSON.parse(m[1]!) as { '@context': string; '@graph'?: Thing[] } & Thing;
    return parsed['@graph'] ?? [parsed];
  });
}

export function ofType(html: string, type: string): Thing[] {
  return jsonLd(html).filter((t) => t['@type'] === type);
}

/** The page's initial data (its JSON block) as the browser will see it. */
export function initialData(html: string): Record<string, unknown> | undefined {
  const m = /<script type="application\/json" id="toque-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
}

export const decode = (s: string | undefined) =>
  s?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
