import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { miscDataQuery, miscDataResponse } from '../../../shared/contract/misc';
import { withErrors } from '../../platform/schemas';
import type { MiscService } from './service';
import { DATA_FOUND, ok } from '../../platform/successEnvelope';

/** Mounted without the /v1 prefix: the spec's client calls the host's /misc/data directly. */
export const miscRoutes: FastifyPluginAsyncZod<{ service: MiscService }> = async (app, { service }) => {
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
