// Every area's routes, mounted under /api by app.ts. A new area adds its routes here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes';
import { versionRoutes } from './version';
import { accountRoutes } from './auth/account.routes';
import { partnersRoutes } from './partners/partners.routes';
import { productsRoutes } from './products/products.routes';
import { certificatesRoutes } from './products/certificates.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { ordersRoutes } from './orders/orders.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { integrationRoutes } from './integration/integration.routes';
import { contentRoutes } from './content/content.routes';
import { profileRoutes } from './profile/profile.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { logisticsRoutes } from './logistics/logistics.routes';
import { claimsRoutes } from './claims/claims.routes';
import { filesRoutes } from './files/files.routes';
import { proposalsRoutes } from './proposals/proposals.routes';
import { healthRoutes } from './operations/health.routes';
import { draftsRoutes } from './drafts/drafts.routes';
import { teamRoutes } from './team';
import { auditRoutes } from './audit';

export const apiModules: FastifyPluginAsyncZod[] = [versionRoutes, authRoutes, accountRoutes, partnersRoutes, productsRoutes, certificatesRoutes, catalogRoutes, ordersRoutes, notificationsRoutes, integrationRoutes, contentRoutes, profileRoutes, feedbackRoutes, logisticsRoutes, claimsRoutes, filesRoutes, proposalsRoutes, healthRoutes, draftsRoutes, teamRoutes, auditRoutes];
