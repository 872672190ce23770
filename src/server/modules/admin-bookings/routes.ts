// /api/admin/reservations: the Réservations tab's list (the admin only, checked by the group's guard).
import { Hono } from 'hono';
import { adminBookingsQuery, type AdminBookingsResponse } from '@shared/schemas/admin-bookings';
import type { AppEnv } from '../../http/app-env';
import { adminOnly } from '../../http/guards';
import { readQuery } from '../params';
import type { AdminBookingService } from './service';

export function adminBookingRoutes(bookings: AdminBookingService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/', async (c) => c.json<AdminBookingsResponse>(await bookings.list(readQuery(c, adminBookingsQuery))));
  return app;
}
