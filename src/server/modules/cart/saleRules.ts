/**
 * Whether an event is on sale, in one place for adding to a cart, merging a guest's cart and the
 * console's edits of a sold event. The database keeps the same rule where a seat is taken or counted
 * (orders/orderRepository.ts takeSeat and soldOutIds: `capacity is null or sold < capacity`).
 */
type Priced = { is_premium: boolean; rate_cents: number | null };
type Seats = { capacity: number | null; sold: number };

/** Whether the event sells tickets at all: premium, with a price above $0. Anything else is free to watch. */
export const sellsTickets = (event: Priced): boolean => event.is_premium && Boolean(event.rate_cents);

/** Whether every seat of a capacity-limited event is taken (one without a capacity never sells out). */
export const isSoldOut = (event: Seats): boolean => event.capacity !== null && event.sold >= event.capacity;

/** On sale: it sells tickets and has a seat left. */
export const isOnSale = (event: Priced & Seats): boolean => sellsTickets(event) && !isSoldOut(event);
