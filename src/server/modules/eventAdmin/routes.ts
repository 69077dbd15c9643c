import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  studioCategoriesResponse,
  studioEventDeletedResponse,
  studioEventFields,
  studioEventIdParams,
  studioEventListQuery,
  studioEventListResponse,
  studioEventResponse,
  studioEventUpdate,
  studioSubscriptionsResponse,
} from '../../../shared/contract/studioEvents';
import { requireOrganizer } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { ok } from '../../platform/successEnvelope';
import { withErrors } from '../../platform/schemas';
import type { EventAdminService } from './service';

type EventAdminRouteOptions = { service: EventAdminService; createsPerMinute: number };
type App = Parameters<FastifyPluginAsyncZod<EventAdminRouteOptions>>[0];
/** The config of a call that writes rows and an audit entry (a new event, a copy): bounded per organizer. */
type Creates = { auth: 'organizer'; rateLimit: ReturnType<typeof perCaller> };
const config = { auth: 'organizer' } as const;
const tags = ['studio'];

const FORM =
  'Fields: title, label, description (HTML, sanitized by an allow-list; a script, an event handler or a ' +
  'javascript: link is refused), venue, location, airDate (the wall time at the venue, YYYY-MM-DDTHH:mm) with ' +
  'venueTimeZone (IANA; stored in UTC), contentType, isPremium, price (dollars), capacity (null: unlimited), ' +
  'subscriptionId ("what\'s included"), categories [{categoryId, order}], slide {enabled, description, imagePath}, ' +
  'posterPath. Refused with a sentence, nothing changed: an unknown zone, category or subscription; premium ' +
  'without a price; a live air date in the past; capacity below what is sold; a sold event made free.';

/** The list, and the form: one event read, created, edited. */
function registerEventForm(app: App, service: EventAdminService, creates: Creates) {
  app.get(
    '/studio/events',
    {
      config,
      schema: {
        summary: 'The events, for the console',
        description:
          'Every event, drafts included: `search` (title, path, label, venue, location), `status` ' +
          '(all, draft, published), `sort` (airDate, title, created, sold; a leading - for descending), ' +
          '`offset` and `limit`. Answers `{rows, total}`.',
        tags,
        querystring: studioEventListQuery,
        response: withErrors({ 200: studioEventListResponse }),
      },
    },
    async (req) => {
      requireOrganizer(req);
      return ok(await service.list(req.query), 'Events');
    },
  );

  app.get(
    '/studio/events/:id',
    {
      config,
      schema: {
        summary: 'One event, as the form edits it',
        description: 'Every field of the form, with `version`: send it back with the edit.',
        tags,
        params: studioEventIdParams,
        response: withErrors({ 200: studioEventResponse }, 404),
      },
    },
    async (req) => {
      requireOrganizer(req);
      return ok(await service.get(req.params.id), 'Event');
    },
  );

  app.post(
    '/studio/events',
    {
      config: creates,
      schema: {
        summary: 'Create an event (a draft)',
        description:
          'A new event, unpublished: shoppers see it once it is published. Its path is made from the title. ' + FORM,
        tags,
        body: studioEventFields,
        response: withErrors({ 201: studioEventResponse }, 409),
      },
    },
    async (req, reply) => {
      const caller = requireOrganizer(req);
      return reply.status(201).send(ok(await service.create(caller, req.body), 'Event created as a draft'));
    },
  );

  app.put(
    '/studio/events/:id',
    {
      config,
      schema: {
        summary: 'Edit an event',
        description: `The whole form, with the \`version\` it was loaded with: 409 when someone saved since. ${FORM}`,
        tags,
        params: studioEventIdParams,
        body: studioEventUpdate,
        response: withErrors({ 200: studioEventResponse }, 404, 409),
      },
    },
    async (req) => {
      const caller = requireOrganizer(req);
      return ok(await service.update(caller, req.params.id, req.body), 'Event saved');
    },
  );
}

/** An event's life after the form: published or not, duplicated, deleted. */
function registerEventLifecycle(app: App, service: EventAdminService, creates: Creates) {
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/studio/events/:id/${action}`,
      {
        config,
        schema: {
          summary: published ? 'Publish an event' : 'Unpublish an event',
          description: published
            ? 'Shoppers see the event in listings, on its page and in the cart, on every instance within the ' +
              'catalog bound.'
            : 'The event disappears for shoppers (its page is a 404, it cannot be added to a cart); ticket ' +
              'holders keep access.',
          tags,
          params: studioEventIdParams,
          response: withErrors({ 200: studioEventResponse }, 404),
        },
      },
      async (req) => {
        const caller = requireOrganizer(req);
        return ok(
          await service.setPublished(caller, req.params.id, published),
          published ? 'Event published' : 'Event unpublished',
        );
      },
    );
  }

  app.post(
    '/studio/events/:id/duplicate',
    {
      config: creates,
      schema: {
        summary: 'Duplicate an event',
        description: 'A draft copy, "Title (copy)", with the same fields, categories and slide, and nothing sold.',
        tags,
        params: studioEventIdParams,
        response: withErrors({ 201: studioEventResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      const caller = requireOrganizer(req);
      return reply.status(201).send(ok(await service.duplicate(caller, req.params.id), 'Draft copy created'));
    },
  );

  app.delete(
    '/studio/events/:id',
    {
      config,
      schema: {
        summary: 'Delete an event',
        description: 'Only an event nobody ever ordered; otherwise 409 (unpublish it instead).',
        tags,
        params: studioEventIdParams,
        response: withErrors({ 200: studioEventDeletedResponse }, 404, 409),
      },
    },
    async (req) => {
      const caller = requireOrganizer(req);
      await service.remove(caller, req.params.id);
      return ok(null, 'Event deleted');
    },
  );
}

/** What the form offers to pick from: categories and subscriptions. */
function registerFormOptions(app: App, service: EventAdminService) {
  app.get(
    '/studio/categories',
    {
      config,
      schema: {
        summary: 'Categories, for the event form',
        description: 'Every category `{id, path, label}`, in the storefront order.',
        tags,
        response: withErrors({ 200: studioCategoriesResponse }),
      },
    },
    async (req) => {
      requireOrganizer(req);
      return ok(await service.categoryOptions(), 'Categories');
    },
  );

  app.get(
    '/studio/subscriptions',
    {
      config,
      schema: {
        summary: '"What\'s included" options, for the event form',
        description: "Every subscription `{id, title}`: the event page shows the chosen one's description.",
        tags,
        response: withErrors({ 200: studioSubscriptionsResponse }),
      },
    },
    async (req) => {
      requireOrganizer(req);
      return ok(await service.subscriptionOptions(), 'Subscriptions');
    },
  );
}

/** The console's events: the list, the form, publishing, duplicating, deleting, and the form's options. */
export const eventAdminRoutes: FastifyPluginAsyncZod<EventAdminRouteOptions> = async (
  app,
  { service, createsPerMinute },
) => {
  // A new event or a copy writes rows and an audit entry: bounded per organizer, as uploads are.
  const creates = { ...config, rateLimit: perCaller(createsPerMinute) } as const;
  // Console answers are one organizer's view of changing data: never kept by a cache.
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  registerEventForm(app, service, creates);
  registerEventLifecycle(app, service, creates);
  registerFormOptions(app, service);
};
