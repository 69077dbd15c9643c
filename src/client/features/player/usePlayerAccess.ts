import type { AssetDetail } from '../../../shared/contract/catalog';
import { useGetAssetQuery } from '../catalog/catalogApi';
import { useEventOwnership } from '../orders/ordersApi';

export type PlayerAccess =
  | { status: 'checking' }
  | { status: 'missing' }
  /** The event could not be read (network, server): the viewer may try again. */
  | { status: 'unavailable'; retry: () => void }
  | { status: 'denied'; event: AssetDetail }
  | { status: 'allowed'; event: AssetDetail };

/**
 * docs/behaviour.md §4 "Access", as the event page decides it: a free event plays for anyone; a premium one when
 * the server says the viewer may watch it (canUserWatchAsset) or an order for it exists. The server
 * has the last word: the stream config and viewing session answer 403 otherwise.
 */
export function usePlayerAccess(id: string): PlayerAccess {
  const { data: event, isLoading, error, refetch } = useGetAssetQuery(id);
  const ownership = useEventOwnership(event);
  if ((error as { status?: unknown } | undefined)?.status === 404 || (!isLoading && event === null))
    return { status: 'missing' };
  if (error) return { status: 'unavailable', retry: () => void refetch() };
  if (!event || ownership.checking) return { status: 'checking' };
  // A lookup that failed is no refusal: the server decides when asked for the stream.
  const allowed = event.isPremium !== 1 || ownership.owned || ownership.failed;
  return allowed ? { status: 'allowed', event } : { status: 'denied', event };
}
