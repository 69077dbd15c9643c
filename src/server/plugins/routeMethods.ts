import fp from 'fastify-plugin';
import { answerNoRoute, createRouteMethods } from '../platform/routeMethods';

/**
 * Learns the methods of every route as it is registered (register before the routes), for the
 * not-found handler's 405 (platform/routeMethods.ts). The router picks a route per method, so it
 * sends GET `/v1/cart/remove` to GET `/v1/cart/:id` and any GET it has no route for to the pages'
 * catch-all: before anything else runs (the token, the limits), such a request is answered as one
 * no route takes, by the methods of the address's own route.
 */
export const routeMethodsPlugin = fp(async (app) => {
  const methods = createRouteMethods();
  app.decorate('routeMethods', methods);
  app.addHook('onRoute', (route) => methods.add(route.url, ([] as string[]).concat(route.method)));
  app.addHook('onRequest', async (request, reply) => {
    const routed = request.routeOptions.url;
    if (routed === undefined || !methods.belongsElsewhere(routed, request.url.split('?')[0]!, request.method)) return;
    return answerNoRoute(request, reply);
  });
});
