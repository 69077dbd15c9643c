import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { withTransaction } from '../../db/unitOfWork';
import { createSettingsRepository } from '../settings/settingsRepository';
import { CatalogFileError, toCents, validateCatalogFile, type CatalogFile } from './catalogFile';
import { createCatalogImportRepository, type CatalogImportRepository } from './importRepository';
import { sharedFolderProblems } from './sharedMediaFolders';

type Section = keyof CatalogFile;
export type ImportSummary = Record<Section, number> & { sections: Section[] };

/** What an import writes through: the catalog's tables, and the settings a file may carry. */
const importRepositories = (db: Executor) => ({
  catalog: createCatalogImportRepository(db),
  settings: createSettingsRepository(db),
});

/**
 * Loads a catalog file in one transaction (the unit of work's): a bad file or a failure halfway
 * changes nothing. Each section present in the file replaces that section; absent sections are left
 * alone. Events are upserted by path and never deleted (orders will point at them); coupons are
 * upserted by code. The catalog version is bumped so every server's read cache lets go of old
 * answers. A catalog in which a free and a premium event would share a media folder is refused the
 * same way, whether the events come from the file or were already in the database.
 */
export async function importCatalog(db: Kysely<DB>, input: unknown): Promise<ImportSummary> {
  const file = validateCatalogFile(input);
  const sections = Object.keys(input as object).filter((k): k is Section => k in file);
  const has = (s: Section) => sections.includes(s);

  await withTransaction(db, importRepositories, async ({ catalog, settings }) => {
    if (has('subscriptions')) await catalog.replaceById('subscriptions', file.subscriptions);
    if (has('agreements')) await catalog.replaceById('agreements', file.agreements);
    if (has('footerLinks')) {
      await catalog.replaceById(
        'footer_links',
        file.footerLinks.map((f) => ({ ...f, links: JSON.stringify(f.links) })),
      );
    }
    const eventIds = await upsertEvents(catalog, file);
    await upsertStreamConfigs(catalog, file, eventIds);
    if (has('categories')) await replaceCategories(catalog, file, eventIds);
    if (has('carousel')) await replaceCarousel(catalog, file, eventIds);
    if (has('coupons')) await upsertCoupons(catalog, file, eventIds);
    for (const [key, value] of Object.entries(file.settings)) await settings.upsert(key, value);
    await catalog.bumpCatalogVersion();
    // After the bump: its row lock makes a concurrent import wait for this one to commit, so this
    // check (each statement sees what was committed before it) never misses the other's events.
    const shared = sharedFolderProblems(await catalog.eventsWithStreams(), file);
    if (shared.length) throw new CatalogFileError(shared.slice(0, 50));
  });

  return {
    sections,
    subscriptions: file.subscriptions.length,
    agreements: file.agreements.length,
    footerLinks: file.footerLinks.length,
    events: file.events.length,
    categories: file.categories.length,
    carousel: file.carousel.length,
    coupons: file.coupons.length,
    settings: Object.keys(file.settings).length,
  };
}

async function upsertEvents(catalog: CatalogImportRepository, file: CatalogFile): Promise<Map<string, number>> {
  for (const e of file.events) {
    await catalog.upsertEvent({
      path: e.path,
      title: e.title,
      label: e.label,
      description: e.description,
      event_label: e.eventLabel,
      venue_description: e.venueDescription,
      air_start_date: e.airStartDate ? new Date(e.airStartDate) : null,
      poster_path: e.posterPath,
      is_premium: e.isPremium,
      rate_cents: toCents(e.price),
      content_type: e.contentType,
      asset_type: e.assetType,
      subscription_id: e.subscriptionId,
      capacity: e.capacity,
    });
  }
  return catalog.eventIdsByPath();
}

/** Events that bring `streams` get that config; the others keep theirs. */
async function upsertStreamConfigs(catalog: CatalogImportRepository, file: CatalogFile, eventIds: Map<string, number>) {
  for (const e of file.events) {
    if (!e.streams) continue;
    await catalog.upsertStreamConfig({ event_id: eventIds.get(e.path)!, config: JSON.stringify(e.streams) });
  }
}

async function replaceCategories(catalog: CatalogImportRepository, file: CatalogFile, eventIds: Map<string, number>) {
  await catalog.removeCategoriesExcept(file.categories.map((c) => c.path));
  for (const c of file.categories) {
    const id = await catalog.upsertCategory({
      path: c.path,
      label: c.label,
      description: c.description,
      type: 'primary_navigation',
      group_id: c.group,
      sort_order: c.order,
    });
    await catalog.clearCategory(id);
    await catalog.addCategoryEvents(
      c.events.map((p, i) => ({ category_id: id, event_id: eventIds.get(p)!, sort_order: i })),
    );
    for (const [i, b] of c.blocks.entries()) {
      const blockId = await catalog.addCategoryBlock({
        category_id: id,
        title: b.title,
        description: b.description,
        sort_order: i,
      });
      await catalog.addBlockEvents(
        b.events.map((p, j) => ({ block_id: blockId, event_id: eventIds.get(p)!, sort_order: j })),
      );
    }
  }
}

async function replaceCarousel(catalog: CatalogImportRepository, file: CatalogFile, eventIds: Map<string, number>) {
  await catalog.replaceCarousel(
    file.carousel.map((c, i) => ({
      label: c.label,
      description: c.description,
      file_path: c.filePath,
      video_url: c.videoUrl,
      type: c.type,
      is_button_required: c.isButtonRequired,
      is_visible: c.isVisible,
      event_id: c.event ? eventIds.get(c.event)! : null,
      sort_order: i,
    })),
  );
}

async function upsertCoupons(catalog: CatalogImportRepository, file: CatalogFile, eventIds: Map<string, number>) {
  for (const c of file.coupons) {
    await catalog.upsertCoupon({
      code: c.code,
      kind: c.kind,
      percent_off: c.kind === 'percent' ? c.percentOff! : null,
      amount_off_cents: c.kind === 'fixed' ? toCents(c.amountOff) : null,
      starts_at: c.startsAt ? new Date(c.startsAt) : null,
      ends_at: c.endsAt ? new Date(c.endsAt) : null,
      max_redemptions: c.maxRedemptions,
      per_user_limit: c.perUserLimit,
      event_id: c.event ? eventIds.get(c.event)! : null,
    });
  }
}
