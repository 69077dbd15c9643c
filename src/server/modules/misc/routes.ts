import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { miscDataQuery, miscDataResponse } from '../../../shared/contract/misc';
import { withErrors } from '../../plugins/schemas';
import type { MiscService } from './service';

/** Mounted without the /v1 prefix: the spec's client calls the host's /misc/data directly. */
export const miscRoutes: FastifyPluginAsyncZod<{ service: MiscService }> = async (app, { service }) => {
  app.get('/misc/data', {
    schema: { querystring: miscDataQuery, response: withErrors({ 200: miscDataResponse }) },
  }, async (request) => {
    const data = await service.readPublicSettings(request.query.filter);
    return { success: true, message: data.length ? 'Data found' : 'No data found', data };
  });
};
