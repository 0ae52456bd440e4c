// Every area's routes, mounted under /api by app.ts. A new area adds its routes here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes, versionRoutes } from './auth/auth.routes';
import { partnersRoutes } from './partners/partners.routes';

export const apiModules: FastifyPluginAsyncZod[] = [versionRoutes, authRoutes, partnersRoutes];
