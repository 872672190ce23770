// A SQL helper the modules share (recipe search, back-office recipe search).

/** LIKE treats % and _ as wildcards and \ as their escape: a search for '50%' means those characters. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
