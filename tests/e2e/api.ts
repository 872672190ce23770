// The server's JSON API from a journey: from the page, with its session cookie and Origin as the
// app's own scripts send them, or from the test process as a visitor.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CourseListResponse, CourseSummary } from '@shared/schemas/public';
import { baseURL } from './site';

/** A call to /api<apiPath> from the page; `json` is null when the answer has no JSON body. */
export async function callApi<T = unknown>(page: Page, method: string, apiPath: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const res = await fetch(`/api${apiPath}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, apiPath, body },
  ) as Promise<{ status: number; json: T }>;
}

/** GET `path` as a visitor (no session); fails unless the server answers 200. */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`);
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** The seeded courses, as the public catalogue lists them. */
export async function seededCourses(): Promise<CourseSummary[]> {
  return (await getJson<CourseListResponse>('/api/courses')).courses;
}
