import type { Cluster } from './clusterHarness';
import { holdPostOn, type HeldAnswer } from './heldPost';
import { steadyLoad } from './steadyLoad';

/** The POST an instance had read when it was stopped: what the client got, and whether that instance answered it. */
type HeldOutcome = HeldAnswer & { instance: number; inItsLog: boolean };

/**
 * Instances restarted one after another under steady load through nginx, as docs/deploy/nginx.conf
 * says: out of rotation (nginx reloaded), stopped, started, back in. Each is stopped while it holds a
 * POST it has read and not yet answered (tests/cluster/heldPost.ts), let go once the instance refuses
 * new connections: it finishes during the stop, or never. A stop is SIGTERM (the graceful shutdown) or
 * SIGKILL (a crash: the control, which shows what the client sees when an instance drops a POST it had read).
 */
export async function restartUnderLoad(
  cluster: Cluster,
  eventId: number,
  stops: { instance: number; signal: 'SIGTERM' | 'SIGKILL' }[],
) {
  const load = steadyLoad(cluster.url, { workers: 6, eventId });
  await load.warmUp();
  const held: HeldOutcome[] = [];
  const others: HeldAnswer[] = [];
  try {
    for (const { instance: i, signal } of stops) {
      const post = await holdPostOn(cluster, i, eventId);
      let stopping: ReturnType<Cluster['stopInstance']> | undefined;
      try {
        // Nothing new reaches it from here on: the held POST is the one request it still has.
        await cluster.drain(i, 1);
        stopping = cluster.stopInstance(i, signal);
        await untilRefused(cluster.instances[i]!.baseUrl);
      } finally {
        await post.release();
      }
      const answer = await post.answer;
      const stopped = await stopping;
      // The id the client got back is in the stopped instance's own access line: it answered the POST itself.
      const inItsLog = answer.requestId !== null && stopped.output().includes(`"reqId":"${answer.requestId}"`);
      held.push({ ...answer, instance: i, inItsLog });
      others.push(...(await post.answers).filter((a) => a !== answer));
      await cluster.startInstance(i);
      await cluster.readmit(i);
      await load.waitForRequests(150);
    }
  } catch (err) {
    // The load would go on calling a stopped cluster for ever.
    await load.stop();
    throw err;
  }
  return { held, others, seen: await load.stop() };
}

/** Resolves once `baseUrl` refuses connections: the instance has stopped listening (or is gone). */
async function untilRefused(baseUrl: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      await fetch(`${baseUrl}/healthz`);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`${baseUrl} still takes connections 5 s after it was told to stop`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
