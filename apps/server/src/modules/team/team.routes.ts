/** Routes of a company's team page (team.service.ts): every one needs the role action `team.manage` in the company. */
import {
  ZTeamCompanyParamsSchema,
  ZTeamInviteBodySchema,
  ZTeamMemberChangeSchema,
  ZTeamMemberParamsSchema,
  ZTeamMessageSchema,
  ZTeamSchema,
  ZTeamSettingsSchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { changeColleague, inviteColleague, listTeam, removeColleague, setApprovalOverCredit } from './team.service';

const answer = okEnvelope(ZTeamMessageSchema);

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners/:uid/team',
    { schema: { tags: ['team'], summary: "The company's colleagues: role, limit, status, last sign-in", params: ZTeamCompanyParamsSchema, response: { 200: okEnvelope(ZTeamSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ error: null, response: await listTeam(app, currentUser(request).id, request.params.uid) }),
  );

  app.post(
    '/partners/:uid/team/invite',
    { schema: { tags: ['team'], summary: 'Invite a colleague by e-mail (the link sets a password and signs in)', params: ZTeamCompanyParamsSchema, body: ZTeamInviteBodySchema, response: { 200: answer, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) } } },
    async (request) => ({ error: null, response: await inviteColleague(app, currentUser(request).id, request.params.uid, request.body, request.ip) }),
  );

  app.patch(
    '/partners/:uid/team/:userId',
    { schema: { tags: ['team'], summary: "Change a colleague's role or limit, block or unblock them", params: ZTeamMemberParamsSchema, body: ZTeamMemberChangeSchema, response: { 200: answer, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) } } },
    async (request) => ({ error: null, response: await changeColleague(app, currentUser(request).id, request.params.uid, request.params.userId, request.body, request.ip) }),
  );

  app.delete(
    '/partners/:uid/team/:userId',
    { schema: { tags: ['team'], summary: 'Remove a colleague from the company', params: ZTeamMemberParamsSchema, response: { 200: answer, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) } } },
    async (request) => ({ error: null, response: await removeColleague(app, currentUser(request).id, request.params.uid, request.params.userId, request.ip) }),
  );

  app.put(
    '/partners/:uid/team/settings',
    { schema: { tags: ['team'], summary: 'Whether orders over a contract’s credit wait for approval', params: ZTeamCompanyParamsSchema, body: ZTeamSettingsSchema, response: { 200: answer, ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507) } } },
    async (request) => ({ error: null, response: await setApprovalOverCredit(app, currentUser(request).id, request.params.uid, request.body.approvalOverCredit, request.ip) }),
  );
};
