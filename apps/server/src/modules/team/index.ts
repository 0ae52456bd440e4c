// A dealer company's team: its public face for the rest of the server.
export { teamRoutes } from './team.routes';
export { changeColleague, inviteColleague, listTeam, removeColleague, setApprovalOverCredit } from './team.service';
