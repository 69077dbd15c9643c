import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageResponse, auditQuery, studioMeResponse } from '../../../shared/contract/studio';
import { requireOrganizer } from '../../platform/callerIdentity';
import { answerOnlyControlCalls } from '../../platform/controlCalls';
import { ok } from '../../platform/successEnvelope';
import { withErrors } from '../../platform/schemas';
import type { OrganizerService } from './service';
import { noStore } from '../../platform/noStore';

/** The console's own calls: who the organizer is, and the audit log of every organizer action. */
export const organizerRoutes: FastifyPluginAsyncZod<{ service: OrganizerService }> = async (app, { service }) => {
  const organizer = { auth: 'organizer' } as const;

  app.get(
    '/studio/me',
    {
      config: organizer,
      schema: {
        summary: 'The organizer calling',
        description:
          'Answers `data: {userId, email, name}` for a signed-in organizer; 403 for any other user (the console ' +
          'shows its sentence). The role is read from the database on every console call.',
        tags: ['studio'],
        response: withErrors({ 200: studioMeResponse }),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(service.me(requireOrganizer(req)), 'Organizer');
    },
  );

  app.get(
    '/studio/audit',
    {
      config: organizer,
      schema: {
        summary: 'The audit log',
        description:
          'Every organizer action, newest first: who, when, what, and the subject before and after. Filter by ' +
          '`subjectType` and `subjectId`; page back with `before` (an entry id) and `hasMore`.',
        tags: ['studio'],
        querystring: auditQuery,
        response: withErrors({ 200: auditPageResponse }),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.auditPage(req.query), 'Audit log');
    },
  );
};

/**
 * `npm run organizer:grant` and `organizer:revoke` while the server runs on this machine (PGlite is
 * one process's, so the command asks the server). Not in the API document.
 */
export const organizerControlRoutes: FastifyPluginAsyncZod<{
  service: OrganizerService;
  controlToken: string;
}> = async (app, { service, controlToken }) => {
  answerOnlyControlCalls(app, controlToken);
  const body = z.strictObject({ email: z.string().min(3).max(320) });
  const schema = { hide: true, body };
  app.post('/internal/organizers/grant', { config: { auth: 'none' }, schema }, async (req) =>
    ok(await service.grant(req.body.email), 'Granted'),
  );
  app.post('/internal/organizers/revoke', { config: { auth: 'none' }, schema }, async (req) =>
    ok(await service.revoke(req.body.email), 'Revoked'),
  );
};
