import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { CatalogFileError, toCents, validateCatalogFile, type CatalogFile } from './catalogFile';
import { sharedFolderProblems } from './sharedMediaFolders';

const CATALOG_VERSION_KEY = 'catalog_version';
type Section = keyof CatalogFile;
export type ImportSummary = Record<Section, number> & { sections: Section[] };

/**
 * Loads a catalog file in one transaction: a bad file or a failure halfway changes nothing.
 * Each section present in the file replaces that section; absent sections are left alone.
 * Events are upserted by path and never deleted (orders will point at them); coupons are upserted
 * by code. The catalog version is bumped so every server's read cache lets go of old answers.
 * A catalog in which a free and a premium event would share a media folder is refused the same way,
 * whether the events come from the file or were already in the database.
 */
export async function importCatalog(db: Kysely<DB>, input: unknown): Promise<ImportSummary> {
  const file = validateCatalogFile(input);
  const sections = Object.keys(input as object).filter((k): k is Section => k in file);
  const has = (s: Section) => sections.includes(s);

  await db.transaction().execute(async (trx) => {
    if (has('subscriptions')) await replaceById(trx, 'subscriptions', file.subscriptions);
    if (has('agreements')) await replaceById(trx, 'agreements', file.agreements);
    if (has('footerLinks')) {
      await replaceById(
        trx,
        'footer_links',
        file.footerLinks.map((f) => ({ ...f, links: JSON.stringify(f.links) })),
      );
    }
    const eventIds = await upsertEvents(trx, file);
    await upsertStreamConfigs(trx, file, eventIds);
    if (has('categories')) await replaceCategories(trx, file, eventIds);
    if (has('carousel')) await replaceCarousel(trx, file, eventIds);
    if (has('coupons')) await upsertCoupons(trx, file, eventIds);
    for (const [key, value] of Object.entries(file.settings)) {
      await trx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
        .execute();
    }
    await bumpCatalogVersion(trx);
    // After the bump: its row lock makes a concurrent import wait for this one to commit, so this
    // check (each statement sees what was committed before it) never misses the other's events.
    const shared = await sharedFolderProblems(trx, file);
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

async function bumpCatalogVersion(db: Kysely<DB> | Transaction<DB>): Promise<void> {
  await sql`insert into settings (key, value) values (${CATALOG_VERSION_KEY}, '1')
    on conflict (key) do update set value = (settings.value::bigint + 1)::text, updated_at = now()`.execute(db);
}

async function replaceById(
  trx: Transaction<DB>,
  table: 'subscriptions' | 'agreements' | 'footer_links',
  rows: { id: number }[],
) {
  // The three tables share the shape that matters here (an integer id); Kysely cannot see that generically.
  const db = trx as unknown as Kysely<Record<string, { id: number }>>;
  const ids = rows.map((r) => r.id);
  await db
    .deleteFrom(table)
    .$if(ids.length > 0, (q) => q.where('id', 'not in', ids))
    .execute();
  for (const row of rows) {
    await db
      .insertInto(table)
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }
}

async function upsertEvents(trx: Transaction<DB>, file: CatalogFile): Promise<Map<string, number>> {
  for (const e of file.events) {
    const row = {
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
    };
    await trx
      .insertInto('events')
      .values(row)
      .onConflict((oc) => oc.column('path').doUpdateSet({ ...row, updated_at: new Date() }))
      .execute();
  }
  const all = await trx.selectFrom('events').select(['id', 'path']).execute();
  return new Map(all.map((r) => [r.path, r.id]));
}

/** Events that bring `streams` get that config; the others keep theirs. */
async function upsertStreamConfigs(trx: Transaction<DB>, file: CatalogFile, eventIds: Map<string, number>) {
  for (const e of file.events) {
    if (!e.streams) continue;
    const row = { event_id: eventIds.get(e.path)!, config: JSON.stringify(e.streams) };
    await trx
      .insertInto('stream_configs')
      .values(row)
      .onConflict((oc) => oc.column('event_id').doUpdateSet({ config: row.config, updated_at: new Date() }))
      .execute();
  }
}

async function replaceCategories(trx: Transaction<DB>, file: CatalogFile, eventIds: Map<string, number>) {
  const paths = file.categories.map((c) => c.path);
  await trx
    .deleteFrom('categories')
    .$if(paths.length > 0, (q) => q.where('path', 'not in', paths))
    .execute();
  for (const c of file.categories) {
    const row = {
      path: c.path,
      label: c.label,
      description: c.description,
      type: 'primary_navigation',
      group_id: c.group,
      sort_order: c.order,
    };
    const { id } = await trx
      .insertInto('categories')
      .values(row)
      .onConflict((oc) => oc.column('path').doUpdateSet(row))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('category_events').where('category_id', '=', id).execute();
    await trx.deleteFrom('category_blocks').where('category_id', '=', id).execute();
    const links = c.events.map((p, i) => ({ category_id: id, event_id: eventIds.get(p)!, sort_order: i }));
    if (links.length)
      await trx
        .insertInto('category_events')
        .values(links)
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const [i, b] of c.blocks.entries()) {
      const block = await trx
        .insertInto('category_blocks')
        .values({ category_id: id, title: b.title, description: b.description, sort_order: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      const members = b.events.map((p, j) => ({ block_id: block.id, event_id: eventIds.get(p)!, sort_order: j }));
      if (members.length)
        await trx
          .insertInto('category_block_events')
          .values(members)
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
  }
}

async function replaceCarousel(trx: Transaction<DB>, file: CatalogFile, eventIds: Map<string, number>) {
  await trx.deleteFrom('carousel_items').execute();
  const rows = file.carousel.map((c, i) => ({
    label: c.label,
    description: c.description,
    file_path: c.filePath,
    video_url: c.videoUrl,
    type: c.type,
    is_button_required: c.isButtonRequired,
    is_visible: c.isVisible,
    event_id: c.event ? eventIds.get(c.event)! : null,
    sort_order: i,
  }));
  if (rows.length) await trx.insertInto('carousel_items').values(rows).execute();
}

async function upsertCoupons(trx: Transaction<DB>, file: CatalogFile, eventIds: Map<string, number>) {
  for (const c of file.coupons) {
    const row = {
      code: c.code,
      kind: c.kind,
      percent_off: c.kind === 'percent' ? c.percentOff! : null,
      amount_off_cents: c.kind === 'fixed' ? toCents(c.amountOff) : null,
      starts_at: c.startsAt ? new Date(c.startsAt) : null,
      ends_at: c.endsAt ? new Date(c.endsAt) : null,
      max_redemptions: c.maxRedemptions,
      per_user_limit: c.perUserLimit,
      event_id: c.event ? eventIds.get(c.event)! : null,
    };
    await trx
      .insertInto('coupons')
      .values(row)
      .onConflict((oc) => oc.column('code').doUpdateSet(row))
      .execute();
  }
}
