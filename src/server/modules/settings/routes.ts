import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { miscDataQuery, miscDataResponse } from '../../../shared/contract/misc';
import { publicConfigResponse, type PublicConfig } from '../../../shared/contract/publicConfig';
import { withErrors } from '../../platform/schemas';
import type { SettingsService } from './service';
import { DATA_FOUND, ok } from '../../platform/successEnvelope';

/** Mounted without the /v1 prefix: the spec's client calls the host's /misc/data directly. */
export const settingsRoutes: FastifyPluginAsyncZod<{ service: SettingsService }> = async (app, { service }) => {
  app.get(
    '/misc/data',
    {
      schema: {
        summary: 'Read public settings',
        description:
          'The public settings named in `filter`, for example `GET /misc/data?filter={"key":["demoUse"]}`: ' +
          "`data[0].variableValue` is the demo flag. The message is 'Data found', or 'No data found' when none " +
          'matched.',
        tags: ['misc'],
        querystring: miscDataQuery,
        response: withErrors({ 200: miscDataResponse }),
      },
    },
    async (request) => {
      const data = await service.readPublicSettings(request.query.filter);
      return ok(data, data.length ? DATA_FOUND : 'No data found');
    },
  );
};

/** GET /v1/public/config: the spec's client reads it without Authorization. */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: PublicConfig }> = async (app, opts) => {
  app.get(
    '/public/config',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Runtime config for the client',
        description: 'The runtime configuration the client reads at start. `Cache-Control: public, max-age=300`.',
        tags: ['misc'],
        response: withErrors({ 200: publicConfigResponse }),
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return ok(opts.config, 'Config');
    },
  );
};
