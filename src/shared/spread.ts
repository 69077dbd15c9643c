/**
 * A delay of a herd's timer, spread: `ms` shortened by up to `share` of itself at random, never
 * lengthened. Thousands of players that joined in the same minute, or whose answers came together
 * after a slow moment, would otherwise all ask again in the same second, every time (bench:showtime
 * saw 1,300 stream configs in 5 s on one machine). Never later, so a heartbeat still comes within the
 * server's window and a renewal still leaves time to be tried again.
 */
export function spreadEarlier(ms: number, share: number, random: () => number = Math.random): number {
  return ms * (1 - share * random());
}

/**
 * The player's spreads, which bench:showtime plays too: each session beats faster than the server's
 * heartbeat interval by up to a tenth (drawn once per session, so sessions that opened in the same
 * second drift apart); each renewal of the stream's URLs comes up to a fifth before half-way.
 */
export const PLAYER_SPREAD = { heartbeat: 0.1, renewal: 0.2 } as const;
