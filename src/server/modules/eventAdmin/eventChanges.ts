import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import { Conflict, NotFound } from '../../platform/domainErrors';
import { STUDIO_EVENT_MESSAGES as M, type StudioEvent } from '../../../shared/contract/studioEvents';
import type { OrganizerRepositories } from '../organizers/repositories';
import { pathFromTitle } from '../catalog/eventRules';
import type { CalendarRepositories } from '../calendar/repositories';
import type { EventAdminRepositories } from './repositories';
import type { WaitlistRepositories } from '../waitlist/repositories';
import type { AdminEventRow } from './eventAdminRepository';
import { studioEventOf, type Prepared } from './eventForm';

type Repos = EventAdminRepositories &
  Pick<OrganizerRepositories, 'audit'> &
  CalendarRepositories &
  WaitlistRepositories;

/** What the console's events service is built with (service.ts). */
export type EventAdminDeps = {
  uow: UnitOfWork<Repos>;
  /** This process changed the catalog: its read cache lets go now (others within the catalog bound). */
  onCatalogChanged: () => void;
  /** The air date moved (committed): the ticket holders are told, with the updated calendar file. Never throws. */
  onAirDateMoved?: (eventId: number) => Promise<void>;
  now?: () => number;
};

/** How many times a new event picks a path again after a concurrent one took it. */
const PATH_ATTEMPTS = 5;
const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

/**
 * How every change of the console's events is made (service.ts uses them): in one transaction with
 * the catalog bump, a new event's free path picked again when an import took it, the event locked
 * or a 404, and a new event inserted with its placements, slide and audit entry.
 */
export function eventChangesOf(deps: EventAdminDeps) {
  const { uow } = deps;

  /** A free address from the title: 'title', else 'title-2', 'title-3', … */
  async function freePath(repos: Repos, title: string): Promise<string> {
    const base = pathFromTitle(title);
    await repos.eventAdmin.lockPathBase(base);
    const taken = await repos.eventAdmin.pathsLike(base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * Runs a change with its audit entry and the catalog bump; the cache of this process lets go after
   * commit. The bump comes last, as the import's does: both lock event rows first, then the version's
   * row, so the two never wait on each other in opposite orders.
   */
  async function change<T>(work: (repos: Repos) => Promise<T>): Promise<T> {
    const result = await uow.transaction(async (repos) => {
      const r = await work(repos);
      await repos.eventAdmin.bumpCatalogVersion();
      return r;
    });
    deps.onCatalogChanged();
    return result;
  }

  /**
   * A change that makes a new event. Console creates of one title wait for each other (freePath), but
   * an import may take the path meanwhile: the database's unique path refuses the insert, and the
   * change runs again, seeing that path taken now.
   */
  async function changeWithNewPath<T>(work: (repos: Repos) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await change(work);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt >= PATH_ATTEMPTS)
          throw new Conflict('Another event took this address at the same moment. Save again.', { cause: error });
      }
    }
  }

  async function lockedOr404(repos: Repos, id: number): Promise<AdminEventRow> {
    const row = await repos.eventAdmin.lockById(id);
    if (!row) throw new NotFound(M.notFound);
    return row;
  }

  const actorOf = (caller: OrganizerCaller) => ({ userId: caller.userId, email: caller.email });

  async function insertEvent(
    repos: Repos,
    caller: OrganizerCaller,
    p: Prepared,
    action: 'event.create' | 'event.duplicate',
    extra: object = {},
  ): Promise<StudioEvent> {
    const path = await freePath(repos, p.columns.title);
    const row = await repos.eventAdmin.insert({ ...p.columns, path, published: false, asset_type: 'event' });
    await repos.eventAdmin.setPlacements(row.id, p.placements);
    await repos.eventAdmin.setSlide(row.id, p.slide && { ...p.slide, label: p.columns.title });
    const after = await studioEventOf(repos, row);
    await repos.audit.record({
      actor: actorOf(caller),
      action,
      subjectType: 'event',
      subjectId: row.id,
      before: null,
      after: { ...after, ...extra },
    });
    return after;
  }

  return { change, changeWithNewPath, lockedOr404, actorOf, insertEvent };
}
