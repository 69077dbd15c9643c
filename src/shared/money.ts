/** Money is integer cents everywhere but the wire and the screen. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** '$14.99': the spec's price format (2 decimals, $ sign). */
export const formatPrice = (dollars: number): string => `$${dollars.toFixed(2)}`;
