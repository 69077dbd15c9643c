import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LiveStateData } from '../../../shared/contract/live';
import { useGetLiveStateQuery } from './liveApi';

/** How often the live state is asked while a live stream plays. */
const LIVE_POLL_MS = 1000;
/** The stream config is asked again at most this often for a show that ended. */
const ENDED_REFETCH_MS = 10_000;

/**
 * The live state of the event while its stream is live (polled every second), and the last one once
 * it is not. `undefined`: live, and not answered yet; `null`: nothing to go by (never live, or the
 * state could not be fetched): the player plays as before. A show that ended calls `onEnded`: the
 * stream config is fetched again and then answers 'vod'.
 */
export function useLiveState(path: string, live: boolean, onEnded: () => void): LiveStateData | null | undefined {
  const [everLive, setEverLive] = useState(live);
  if (live && !everLive) setEverLive(true);
  const { data, isError } = useGetLiveStateQuery(path, {
    skip: !everLive,
    pollingInterval: live ? LIVE_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });

  const ended = live && data?.ingest === true && data.show === 'ended';
  const lastRefetch = useRef(-Infinity);
  const refetchConfig = useEffectEvent(() => {
    if (Date.now() - lastRefetch.current < ENDED_REFETCH_MS) return;
    lastRefetch.current = Date.now();
    onEnded();
  });
  useEffect(() => {
    if (ended) refetchConfig();
  }, [ended, data]);

  if (data) return data;
  if (!everLive || isError) return null;
  return undefined;
}
