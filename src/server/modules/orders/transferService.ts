import type { FastifyBaseLogger } from 'fastify';
import { maskEmail, ORDER_MANAGE_MESSAGES as M, type OrderManage } from '../../../shared/contract/orderManage';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { UserCaller } from '../../platform/callerIdentity';
import { Conflict, NotFound } from '../../platform/domainErrors';
import type { IdentityRepositories } from '../identity/repositories';
import type { Mail, Mailer } from '../mail/mailer';
import { manageView, ownOrder } from './cancelService';
import { transferVerdict } from './manageRules';
import type { OrderRepositories } from './repositories';
import type { TicketTransferRow } from './transferRepository';
import { ticketHandedOnMail, ticketReceivedMail } from './transferMail';

/** Postgres' unique violation: here, `ticket_transfers_waiting_idx` (the primary key's conflict does nothing). */
const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

type Repos = Pick<OrderRepositories, 'orders' | 'transfers' | 'refunds'> & IdentityRepositories;

/**
 * A fan hands a ticket on to another e-mail address before the show (docs/decisions.md "After the
 * purchase"): one transaction ends the sender's line, records the transfer (one per ticket, its
 * primary key), closes the sender's plays of it, and, when an account with that address exists,
 * makes the receiver's order of 0 at once; otherwise the account's sign-up or sign-in claims it
 * (claimPending). Mails go out after the commit.
 */
export function createTransferService(deps: {
  uow: UnitOfWork<Repos>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { uow, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  /**
   * Claims a transfer for the receiver and makes their order of 0 holding the ticket, inside the
   * caller's transaction; undefined when it was claimed before (the conditional update).
   */
  async function giveReceiver(repos: Repos, transfer: TicketTransferRow, toUserId: number, at: Date) {
    await repos.transfers.lockTickets([transfer.from_user_id, toUserId], transfer.event_id);
    const claimed = await repos.transfers.claim(transfer.order_id, transfer.event_id, toUserId, at);
    if (!claimed) return undefined;
    // They bought one of their own before signing up: a second would waste a seat and the sender's
    // money. The transfer is marked claimed with no order and the ticket goes back to its sender.
    if ((await repos.orders.ownedEventIds(toUserId, [transfer.event_id])).length > 0) {
      await repos.transfers.handBack(transfer.order_id, transfer.event_id);
      return undefined;
    }
    const line = await repos.transfers.line(transfer.order_id, transfer.event_id);
    const order = await repos.transfers.createReceiverOrder(
      toUserId,
      transfer.event_id,
      line ? (line.list_price_cents ?? line.price_cents) : null,
      at,
    );
    await repos.transfers.setReceiverOrder(transfer.order_id, transfer.event_id, order.id);
    return order;
  }

  /** A mail failure is logged, never thrown: the transfer stands either way. */
  async function send(mail: Mail, context: object): Promise<void> {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      log.error({ err, template: mail.template, ...context }, 'ticket transfer mail failed');
    }
  }

  return {
    /**
     * Hands the caller's ticket (their order `cartId`'s line of `eventId`) to `email`. 404 not their
     * order or not its event; 409 with the rule's sentence.
     */
    async transfer(user: UserCaller, cartId: number, eventId: number, email: string): Promise<OrderManage> {
      const order = await ownOrder(uow.repos, user, cartId);
      const toEmail = email.trim().toLowerCase();
      const found = await uow.repos.identity.userByEmail(toEmail);
      if (toEmail === user.email.toLowerCase() || found?.id === user.userId) throw new Conflict(M.toSelf);
      // Only a verified account holds tickets at once; an unverified one claims it when it verifies.
      const receiver = found?.verified ? found : undefined;

      await uow.transaction(async (repos) => {
        // The event first (what an air-date edit locks), then the tickets' turns (what a play and a refund take).
        const event = await repos.transfers.lockEventShared(eventId);
        const line = event && (await repos.transfers.line(order.id, eventId));
        if (!event || !line) throw new NotFound(M.eventNotInOrder);
        await repos.transfers.lockTickets([order.user_id, ...(receiver ? [receiver.id] : [])], eventId);
        const fresh = (await repos.orders.byId(order.id)) ?? order;
        const played = (await repos.transfers.playedEventIds(order.user_id, [eventId])).length > 0;
        const at = now();
        const verdict = transferVerdict(fresh, event, line.transferred_at !== null, played, at);
        if (!verdict.allowed) throw new Conflict(verdict.reason ?? M.alreadyTransferred);
        if (receiver && (await repos.orders.ownedEventIds(receiver.id, [eventId])).length > 0)
          throw new Conflict(M.receiverHolds);
        // One ticket per event waiting for an address: checked here, and by the unique index for two at once.
        if (await repos.transfers.waitingFor(eventId, toEmail)) throw new Conflict(M.receiverWaiting);
        const transfer = await repos.transfers
          .insert({ orderId: order.id, eventId, fromUserId: order.user_id, toEmail, at })
          .catch((err: unknown) => {
            if (isUniqueViolation(err)) throw new Conflict(M.receiverWaiting);
            throw err;
          });
        if (!transfer || !(await repos.transfers.markLineTransferred(order.id, eventId, at)))
          throw new Conflict(M.alreadyTransferred);
        // The sender's plays stop within a heartbeat (the media gate refuses a closed session).
        await repos.refunds.closeViewingSessions(order.user_id, [eventId], at);
        if (receiver) await giveReceiver(repos, transfer, receiver.id, at);
      });

      const item = (await uow.repos.orders.items(order.id)).find((i) => i.event_id === eventId);
      if (item) {
        const ticket = { title: item.title, path: item.path, airStart: item.air_start_date };
        const from = user.name.trim() || user.email;
        await send(ticketReceivedMail(toEmail, from, ticket, deps.publicUrl, Boolean(receiver)), { orderId: order.id });
        await send(ticketHandedOnMail(user.email, from, maskEmail(toEmail), ticket, order.order_ref), {
          orderId: order.id,
        });
      }
      log.info({ orderId: order.id, eventId, claimed: Boolean(receiver) }, 'ticket handed on');
      const after = (await uow.repos.orders.byId(order.id)) ?? order;
      return manageView(uow.repos, after, now());
    },

    /**
     * Gives a verified account the tickets handed on to its address before it existed (or before it
     * was verified): called at sign-up and at every sign-in. Idempotent and race-safe (one order per
     * transfer: the claim is a conditional update). Never throws: a sign-in never fails for it.
     */
    async claimPending(user: { id: number; email: string; verified: boolean }): Promise<number> {
      if (!user.verified) return 0;
      try {
        const pending = await uow.repos.transfers.pendingFor(user.email);
        let given = 0;
        for (const transfer of pending) {
          if (transfer.from_user_id === user.id) continue;
          const order = await uow.transaction((repos) => giveReceiver(repos, transfer, user.id, now()));
          if (order) given += 1;
        }
        if (given > 0) log.info({ userId: user.id, given }, 'handed-on tickets claimed');
        return given;
      } catch (err) {
        log.error({ err, userId: user.id }, 'claiming handed-on tickets failed');
        return 0;
      }
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
