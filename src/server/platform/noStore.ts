/** Marks an answer as private to its caller and of the moment: no cache, shared or the browser's, keeps it. */
export const noStore = (reply: { header(k: string, v: string): unknown }) =>
  void reply.header('cache-control', 'no-store');
