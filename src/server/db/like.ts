// SQL helpers the modules share for searching text (recipe search, the back office's searches).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** LIKE treats % and _ as wildcards and \ as their escape: a search for '50%' means those characters. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

// The letters French (and its neighbours) put accents on, upper and lower case, and what each folds
// to. translate() maps them one for one; it is plain SQL, so the same query runs on PGlite (no
// unaccent extension there) and on PostgreSQL, whatever the database's locale: the accented capitals
// are folded here, not by lower(), which in the C locale leaves non-ASCII letters as they are.
const ACCENTED = 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÌÍÎÏĪÑŃÒÓÔÕÖØŌÙÚÛÜŪÝŸŽ';
const FOLDED = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzaaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyz';

/** A text as the folded column reads it: lower case, accents off (« Hélène » → « helene »). */
export function foldText(text: string): string {
  const mapped = Array.from(text, (ch) => {
    const at = ACCENTED.indexOf(ch);
    return at >= 0 ? FOLDED[at]! : ch;
  }).join('');
  // Other marks too (a letter typed with a combining accent): the table holds precomposed ones.
  return mapped.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();
}

/** The column, accents off and lower case, in SQL. */
export function folded(column: SQLWrapper): SQL {
  return sql`lower(translate(${column}, ${ACCENTED}, ${FOLDED}))`;
}

/**
 * Any of the columns contains the text, accents and case ignored: « gagnon » finds « Gagnon »,
 * « helene » and « HÉLÈNE » find « Hélène », « erable » finds « érable ». LIKE's wildcards in the
 * text are taken literally.
 */
export function foldedContains(columns: SQLWrapper[], text: string): SQL {
  const pattern = likeContains(foldText(text.trim()));
  return sql`(${sql.join(
    columns.map((column) => sql`${folded(column)} like ${pattern}`),
    sql` or `,
  )})`;
}
