import fp from 'fastify-plugin';
import { createRouteMethods } from '../platform/routeMethods';

/**
 * Learns the methods of every route as it is registered (register before the routes), for the
 * not-found handler's 405 (platform/routeMethods.ts).
 */
export const routeMethodsPlugin = fp(async (app) => {
  const methods = createRouteMethods();
  app.decorate('routeMethods', methods);
  app.addHook('onRoute', (route) => methods.add(route.url, ([] as string[]).concat(route.method)));
});
