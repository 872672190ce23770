// /api/admin/books: Comptabilité (the admin only, checked by the group's guard on every route).
//   GET  /                    the filing frequency and the periods (current first)
//   GET  /summary?period=     a period's figures by province of supply
//   GET  /export?period=&format=excel-fr|standard   the file (audited)
//   PUT  /filing-frequency    { filingFrequency } (audited)
import { Hono } from 'hono';
import { booksExportQuery, booksSummaryQuery, type BooksOverview, type BooksSummary } from '@shared/schemas/admin-books';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { adminOnly, requireAdmin } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { BooksService } from './service';

export function adminBooksRoutes(books: BooksService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<BooksOverview>(await books.overview());
  });

  app.get('/summary', async (c) => c.json<BooksSummary>(await books.summary(readQuery(c, booksSummaryQuery).period)));

  app.get('/export', async (c) => {
    const admin = await requireAdmin(c);
    const { period, format } = readQuery(c, booksExportQuery);
    const { filename, body } = await books.exportFile(admin, period, format);
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      // ASCII only (digits, letters, '-'): no RFC 5987 encoding needed.
      'content-disposition': `attachment; filename="${filename}"`,
    });
  });

  app.put('/filing-frequency', async (c) => {
    const admin = await requireAdmin(c);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    return c.json<BooksOverview>(await books.setFrequency(admin, body));
  });

  return app;
}
