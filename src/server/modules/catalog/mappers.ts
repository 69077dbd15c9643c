import type { AssetSummary, CarouselItem, Category, CategoryBlock } from '../../../shared/contract/catalog';
import { centsToDollars } from '../../../shared/money';
import type { CatalogRepository, EventRow } from './catalogRepository';

type CategoryRow = NonNullable<Awaited<ReturnType<CatalogRepository['categoryByIdOrPath']>>>;
type CarouselRow = Awaited<ReturnType<CatalogRepository['carousel']>>[number];
type BlockRow = Awaited<ReturnType<CatalogRepository['blocksOfCategory']>>[number];

/** Database rows → the spec's wire shapes (snake and camel case as the spec's client reads them). */
export function toAssetSummary(e: EventRow): AssetSummary {
  return {
    id: e.id,
    path: e.path,
    title: e.title,
    label: e.label,
    description: e.description,
    event_label: e.event_label,
    venue_description: e.venue_description,
    airStartDate: e.air_start_date ? new Date(e.air_start_date).toISOString() : null,
    vodOrLivePosterImageFilePath: e.poster_path,
    isPremium: e.is_premium ? 1 : 0,
    rate: e.rate_cents === null ? null : centsToDollars(e.rate_cents),
    contentType: e.content_type,
    assetType: e.asset_type,
    subscription_id: e.subscription_id,
  };
}

export const toCategory = (c: CategoryRow): Category => ({
  id: c.id,
  path: c.path,
  label: c.label,
  description: c.description,
  type: c.type,
  order: c.sort_order,
});

export function toCarouselItem(r: CarouselRow): CarouselItem {
  return {
    id: r.id,
    label: r.label,
    description: r.description,
    filePath: r.file_path,
    videoUrl: r.video_url,
    type: r.type === 'video' ? 'video' : 'image',
    isButtonRequired: r.is_button_required,
    isVisible: r.is_visible,
    asset:
      r.event_id === null
        ? []
        : [
            {
              id: r.event_id,
              path: r.event_path ?? '',
              title: r.event_title ?? '',
              venue_description: r.event_venue ?? '',
              event_label: r.event_location ?? '',
              airStartDate: r.event_air_start ? new Date(r.event_air_start).toISOString() : null,
            },
          ],
  };
}

export const toBlock = (b: BlockRow): CategoryBlock => ({
  id: b.id,
  title: b.title,
  description: b.description,
  data: b.events.map(toAssetSummary),
});
