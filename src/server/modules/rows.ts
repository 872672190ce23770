// Small conversions of database values into the API's JSON shapes.

/**
 * A timestamptz as an ISO 8601 string. Drizzle gives a Date for mapped columns but the raw
 * driver text ('2026-05-01 14:00:00+00') for some aggregates, depending on the driver.
 */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null | undefined): string | null;
export function toIso(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
