import type { AssetDetail } from '../../../shared/contract/catalog';
import { useAppSelector } from '../../app/hooks';
import { selectUserId } from '../auth/authSelectors';
import { useGetAssetQuery } from '../catalog/catalogApi';
import { useGetOrderLookupQuery } from '../orders/ordersApi';

export type PlayerAccess =
  | { status: 'checking' }
  | { status: 'missing' }
  /** The event could not be read (network, server): the viewer may try again. */
  | { status: 'unavailable'; retry: () => void }
  | { status: 'denied'; event: AssetDetail }
  | { status: 'allowed'; event: AssetDetail };

/**
 * Spec §4 "Access", as the event page decides it: a free event plays for anyone; a premium one when
 * the server says the viewer may watch it (canUserWatchAsset) or an order for it exists. The server
 * has the last word: the stream config and viewing session answer 403 otherwise.
 */
export function usePlayerAccess(id: string): PlayerAccess {
  const { data: event, isLoading, error, refetch } = useGetAssetQuery(id);
  const userId = useAppSelector(selectUserId);
  const premium = event?.isPremium === 1;
  const ask = event != null && premium && event.canUserWatchAsset !== 1 && userId !== null;
  const lookup = useGetOrderLookupQuery(
    { userId: Number(userId), assetId: event?.id ?? 0 },
    { skip: !ask, refetchOnMountOrArgChange: true },
  );
  if ((error as { status?: unknown } | undefined)?.status === 404 || (!isLoading && event === null)) return { status: 'missing' };
  if (error) return { status: 'unavailable', retry: () => void refetch() };
  if (!event || (ask && lookup.isLoading)) return { status: 'checking' };
  // A lookup that failed is no refusal: the server decides when asked for the stream.
  const owned = event.canUserWatchAsset === 1 || (lookup.data?.length ?? 0) > 0 || lookup.isError;
  return !premium || owned ? { status: 'allowed', event } : { status: 'denied', event };
}
