// Every area's routes, mounted under /api by app.ts. A new area adds its routes here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes, accountRoutes } from './auth';
import { versionRoutes } from './version';
import { partnersRoutes } from './partners';
import { productsRoutes, certificatesRoutes } from './products';
import { catalogRoutes } from './catalog';
import { ordersRoutes } from './orders';
import { notificationsRoutes } from './notifications';
import { integrationRoutes } from './integration';
import { contentRoutes } from './content';
import { profileRoutes } from './profile';
import { feedbackRoutes } from './feedback';
import { logisticsRoutes } from './logistics';
import { claimsRoutes } from './claims';
import { filesRoutes } from './files';
import { proposalsRoutes } from './proposals';
import { healthRoutes } from './operations';
import { draftsRoutes } from './drafts';
import { teamRoutes } from './team';
import { auditRoutes } from './audit';

export const apiModules: FastifyPluginAsyncZod[] = [versionRoutes, authRoutes, accountRoutes, partnersRoutes, productsRoutes, certificatesRoutes, catalogRoutes, ordersRoutes, notificationsRoutes, integrationRoutes, contentRoutes, profileRoutes, feedbackRoutes, logisticsRoutes, claimsRoutes, filesRoutes, proposalsRoutes, healthRoutes, draftsRoutes, teamRoutes, auditRoutes];
