import crypto from 'node:crypto';
import axe from 'axe-core';
import { apiHost } from '../../src/client/api/apiHost';
import type { OrderSummary } from '../../src/shared/contract/orders';
import type { StudioEvent, StudioEventFields } from '../../src/shared/contract/studioEvents';
import { TEST_JWT_SECRET } from './testConfig';
import { fillCart, newBuyer, paidOrder, type Buyer } from './clientCheckout';

/**
 * Organizers and their data on the test server the client tests talk to, made through its API as
 * `npm run organizer:grant` and the console would make them.
 */

// The server's control key (src/server/modules/auth/keys.ts), derived the same way: this file runs under jsdom.
const CONTROL_KEY = Buffer.from(
  crypto.hkdfSync('sha256', TEST_JWT_SECRET, '', 'allaccess/live-ingest-control/v1', 32),
).toString('base64url');

/** A signed-up user made an organizer as the operator's command does (POST /internal/organizers/grant). */
export async function newOrganizer(label: string): Promise<Buyer> {
  const user = await newBuyer(label);
  const res = await fetch(`${apiHost()}/internal/organizers/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ingest-token': CONTROL_KEY },
    body: JSON.stringify({ email: user.email }),
  });
  if (!res.ok) throw new Error(`grant ${user.email}: ${res.status} ${await res.text()}`);
  return user;
}

/** One console call with the organizer's token: status and the envelope's message and data. */
export async function studioCall<T>(
  organizer: Buyer,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; message: string; data: T }> {
  const res = await fetch(`${apiHost()}/v1/studio${path}`, {
    method,
    headers: { authorization: `Bearer ${organizer.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { message: string; data: T };
  return { status: res.status, message: json.message, data: json.data };
}

let made = 0;
/** A draft made through the console's API; a unique title so a test finds its own rows. */
export async function createEvent(organizer: Buyer, fields: Partial<StudioEventFields> = {}): Promise<StudioEvent> {
  const created = await studioCall<StudioEvent>(organizer, 'POST', '/events', {
    title: `Studio test ${Date.now()}-${(made += 1)}`,
    contentType: 'VOD',
    ...fields,
  });
  if (created.status !== 201) throw new Error(`create event: ${created.status} ${created.message}`);
  return created.data;
}

/** A card order of `events` by a new buyer, paid through the sandbox: the order as the shop answered it. */
export async function cardOrder(label: string, events: { path: string }[]): Promise<OrderSummary & { buyer: Buyer }> {
  const buyer = await newBuyer(label);
  const cart = await fillCart(buyer, events);
  return { ...(await paidOrder(buyer, cart)), buyer };
}

/**
 * axe-core's WCAG A/AA rules on what is rendered (jsdom has no layout: colour contrast and sizes are
 * left to the browser journeys). Returns one line per violation, so a failure says what is wrong.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
