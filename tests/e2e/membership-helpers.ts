// What the membership journeys share: the admin's page (signed in through the API), moving a
// member's sandbox clock (which bills what became due), and the member's subscription as the API says it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SandboxTestClockResponse, SubscriptionResponse } from '@shared/schemas/subscription';
import { callApi } from './api';
import { newPage } from './browser';
import { DEMO, signInByApi } from './session';
import { visit } from './site';

/** A desktop page where the demo admin is signed in. */
export async function adminPage(): Promise<Page> {
  const admin = await newPage('desktop');
  await visit(admin, '/');
  await signInByApi(admin, DEMO.admin);
  return admin;
}

/** Moves the member's sandbox clock forward (the admin's call), which bills what became due. */
export async function moveSandboxClock(admin: Page, email: string, days: number): Promise<void> {
  const { status, json } = await callApi<SandboxTestClockResponse>(admin, 'POST', '/payments/sandbox/test-clock', { email, days });
  expect(status, JSON.stringify(json)).toBe(200);
}

export async function subscriptionOf(page: Page): Promise<SubscriptionResponse> {
  const { status, json } = await callApi<SubscriptionResponse>(page, 'GET', '/subscription');
  expect(status).toBe(200);
  return json;
}
