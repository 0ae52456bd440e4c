/**
 * A company's team, managed by its administrators (role action `team.manage`): the colleagues, invitations by e-mail,
 * roles, a purchaser's order limit, blocking and unblocking, removal, and the company's choice to hold orders over
 * credit «На согласовании». Every change is one transaction (with its mail); a company always keeps an administrator.
 */
import { randomBytes } from 'node:crypto';
import type { TTeam, TTeamInviteBody, TTeamMember, TTeamMemberChange } from '@portal/contracts';
import { COMPANY_ROLE_LABELS, adminsAfter, formatPrice, fromKopecks, toKopecks, type AuditAction, type AuditChanges, type CompanyRole } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { requireUserPartner, storedRole } from '../../lib/partner-scope';
import { hashPassword, issueInvitation, revokeUserSessions } from '../auth';
import { recordAction } from '../audit';
import { insertMessages, portalLink, renderMail } from '../mail';
import * as repo from './team.repository';

type TeamApp = Pick<FastifyInstance, 'db' | 'config' | 'realtime' | 'log' | 'mail'>;

const LAST_ADMIN =
  'В компании должен остаться хотя бы один администратор: сначала назначьте администратором другого сотрудника.';

const fullName = (row: Pick<repo.MemberRow, 'lastname' | 'name' | 'patronymic' | 'login'>) =>
  [row.lastname, row.name, row.patronymic].filter(Boolean).join(' ') || row.login;

function toMember(row: repo.MemberRow, you: number): TTeamMember {
  return {
    id: row.userId,
    login: row.login,
    name: fullName(row),
    email: row.email,
    role: storedRole(row.role),
    orderLimit: row.orderLimitKopecks === null ? null : fromKopecks(row.orderLimitKopecks),
    status: row.blocked ? 'blocked' : row.lastSignInAt === null && row.invitationPending ? 'invited' : 'active',
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    you: row.userId === you,
  };
}

async function teamOf(db: DbOrTx, partnerId: number, you: number): Promise<TTeam> {
  const company = await repo.partnerSettings(db, partnerId);
  return { company, members: (await repo.members(db, partnerId)).map((row) => toMember(row, you)) };
}

/** A limit only a purchaser has (an administrator's and an accountant's orders are never held by a limit). */
function limitOf(role: CompanyRole, orderLimit: number | null | undefined): number | null {
  if (orderLimit === undefined || orderLimit === null) return null;
  if (role !== 'buyer') throw badRequest(`Лимит заказа задаётся только закупщику, а роль «${COMPANY_ROLE_LABELS[role]}» заказы без лимита: оставьте поле пустым.`);
  return toKopecks(orderLimit);
}

/**
 * How the record shows a team change: Russian field names and values, as the record's page and its exports print them
 * («Роль: Закупщик → Бухгалтер»).
 */
const NOTHING = '—';
const limitText = (kopecks: number | null) => (kopecks === null ? 'без лимита' : formatPrice(fromKopecks(kopecks)));
const yesNo = (value: boolean) => (value ? 'да' : 'нет');

/** Tells the company's people's open pages that roles or settings changed (they read the companies again). */
async function announce(app: TeamApp, partnerId: number) {
  try {
    await app.realtime.publishToPartner(partnerId, { namespace: 'team', action: 'refresh', payload: { ids: [partnerId] } });
  } catch (error) {
    app.log.error({ err: error, partnerId }, 'realtime push of a team change failed; the change is stored');
  }
}

export async function listTeam(app: TeamApp, userId: number, partnerUid: string): Promise<TTeam> {
  const company = await requireUserPartner(app.db, userId, partnerUid, 'team.manage');
  return teamOf(app.db, company.id, userId);
}

/**
 * Invites a colleague by e-mail. A new person gets an account (login = the address) and a mail with a link that sets
 * the password and signs in; a person the portal already knows is added to the company and told so by mail.
 */
export async function inviteColleague(app: TeamApp, userId: number, partnerUid: string, body: TTeamInviteBody, ip = '', now = new Date()) {
  const company = await requireUserPartner(app.db, userId, partnerUid, 'team.manage');
  const orderLimitKopecks = limitOf(body.role, body.orderLimit);
  const inviter = await app.db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, userId) });
  const inviterName = [inviter?.name, inviter?.lastname].filter(Boolean).join(' ') || 'Администратор компании';
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const message = await app.db.transaction(async (tx) => {
    const known = await repo.findPerson(tx, body.email);
    const personId = known?.id ?? (await repo.insertPerson(tx, { login: body.email, name: body.name, email: body.email, passwordHash: unusable }));
    if (personId === undefined) throw conflict(`Логин ${body.email} уже занят: обновите страницу и проверьте список сотрудников.`);
    if (known?.blocked) throw conflict(`Учётная запись ${body.email} заблокирована в портале: обратитесь к вашему менеджеру.`);
    if (!(await repo.insertLink(tx, { userId: personId, partnerId: company.id, role: body.role, orderLimitKopecks }))) {
      throw conflict(`${body.email} уже в команде компании: измените роль в списке сотрудников.`);
    }
    await recordAction(tx, {
      partnerId: company.id,
      userId,
      action: 'team.invited',
      object: `Сотрудник ${body.email}`,
      changes: { role: { from: NOTHING, to: COMPANY_ROLE_LABELS[body.role] }, orderLimit: { from: NOTHING, to: limitText(orderLimitKopecks) } },
      ip,
    });
    const invitation = { company: company.name, role: COMPANY_ROLE_LABELS[body.role], inviter: inviterName };
    if (!known) {
      await issueInvitation(tx, app.config, { id: personId, name: body.name, login: body.email, email: body.email }, invitation, now);
      return `Приглашение отправлено на ${body.email}: по ссылке из письма сотрудник задаст пароль и войдёт в портал.`;
    }
    await issueAddedNotice(tx, app, { id: personId, name: known.name, login: known.login, email: known.email }, invitation, now);
    return `${known.email || known.login} уже есть в портале: сотрудник добавлен в компанию, письмо об этом отправлено.`;
  });
  app.mail.kick();
  await announce(app, company.id);
  return { message, team: await teamOf(app.db, company.id, userId) };
}

/** The mail to a person the portal already knows, added to one more company. */
async function issueAddedNotice(
  tx: DbOrTx,
  app: TeamApp,
  person: { id: number; name: string; login: string; email: string },
  invitation: { company: string; role: string; inviter: string },
  now: Date,
) {
  if (!person.email.includes('@')) return;
  await insertMessages(tx, [
    {
      dedupeKey: `team_added:${person.id}:${invitation.company}:${now.getTime()}`,
      userId: person.id,
      toAddress: person.email,
      ...renderMail({
        subject: `Вы добавлены в компанию ${invitation.company}`,
        company: invitation.company,
        greeting: person.name ? `Здравствуйте, ${person.name}!` : 'Здравствуйте!',
        paragraphs: [`${invitation.inviter} добавил вас в команду компании ${invitation.company} с ролью «${invitation.role}». Войдите в портал со своим логином ${person.login}.`],
        action: { label: 'Войти в портал', url: portalLink(app.config, '/login') },
        reason: 'Письмо отправлено, потому что администратор компании добавил вас в её команду.',
      }),
    },
  ]);
}

/**
 * Changes a colleague: role, a purchaser's limit, blocking. Refused when no active administrator would be left.
 * Blocking ends the person's sessions and open sockets at once (all of them: see docs/decisions.md «Blocking a
 * colleague»); their unused invitation is void.
 */
export async function changeColleague(
  app: TeamApp,
  userId: number,
  partnerUid: string,
  memberId: number,
  change: TTeamMemberChange,
  ip = '',
  now = new Date(),
) {
  const company = await requireUserPartner(app.db, userId, partnerUid, 'team.manage');
  if (change.blocked === true && memberId === userId) throw badRequest('Нельзя заблокировать самого себя: попросите об этом другого администратора.');
  await app.db.transaction(async (tx) => {
    const links = await repo.lockLinks(tx, company.id);
    const target = links.find((link) => link.userId === memberId);
    if (!target) throw notFound(`Сотрудник № ${memberId} не найден в команде компании: обновите страницу.`);
    const role = change.role ?? storedRole(target.role);
    const team = links.map((link) => ({ userId: link.userId, role: storedRole(link.role), blocked: link.blocked }));
    if (adminsAfter(team, { userId: memberId, role: change.role, blocked: change.blocked }) === 0) throw conflict(LAST_ADMIN);
    const set: Parameters<typeof repo.updateLink>[3] = {};
    if (change.role !== undefined) set.role = change.role;
    // A new role other than purchaser drops the limit; a limit is set only together with (or for) a purchaser.
    if (change.orderLimit !== undefined) set.orderLimitKopecks = limitOf(role, change.orderLimit);
    else if (change.role !== undefined && role !== 'buyer') set.orderLimitKopecks = null;
    if (change.blocked !== undefined) set.blocked = change.blocked;
    await repo.updateLink(tx, company.id, memberId, set);
    await recordColleagueChange(tx, { partnerId: company.id, userId, memberId, ip }, target, set);
    if (change.blocked === true) {
      await revokeUserSessions(tx, memberId);
      await repo.voidInvitations(tx, memberId, now);
    }
  });
  if (change.blocked === true) await app.realtime.disconnectUsers([memberId], 'blocked by the company');
  await announce(app, company.id);
  const team = await teamOf(app.db, company.id, userId);
  const member = team.members.find((each) => each.id === memberId);
  const message =
    change.blocked === true
      ? `${member?.name ?? 'Сотрудник'}: доступ к компании заблокирован, входы в портал завершены.`
      : change.blocked === false
        ? `${member?.name ?? 'Сотрудник'}: доступ к компании восстановлен.`
        : `${member?.name ?? 'Сотрудник'}: изменения сохранены.`;
  return { message, team };
}

/** Puts each kind of change that really happened on the record, with its from → to; an unchanged field is not recorded. */
async function recordColleagueChange(
  tx: DbOrTx,
  who: { partnerId: number; userId: number; memberId: number; ip: string },
  before: { role: string; orderLimitKopecks: number | null; blocked: boolean },
  set: { role?: string; orderLimitKopecks?: number | null; blocked?: boolean },
) {
  const object = `Сотрудник ${await repo.personLogin(tx, who.memberId)}`;
  const record = (action: AuditAction, changes: AuditChanges) =>
    recordAction(tx, { partnerId: who.partnerId, userId: who.userId, action, object, changes, ip: who.ip });
  const roleBefore = storedRole(before.role);
  if (set.role !== undefined && set.role !== roleBefore) {
    const roleAfter = storedRole(set.role);
    await record('team.role_changed', { role: { from: COMPANY_ROLE_LABELS[roleBefore], to: COMPANY_ROLE_LABELS[roleAfter] } });
  }
  if (set.orderLimitKopecks !== undefined && set.orderLimitKopecks !== before.orderLimitKopecks) {
    await record('team.limit_changed', { orderLimit: { from: limitText(before.orderLimitKopecks), to: limitText(set.orderLimitKopecks) } });
  }
  if (set.blocked !== undefined && set.blocked !== before.blocked) {
    await record(set.blocked ? 'team.blocked' : 'team.unblocked', { blocked: { from: yesNo(before.blocked), to: yesNo(set.blocked) } });
  }
}

/** Removes a colleague from the company (their account stays, for other companies); never the last administrator. */
export async function removeColleague(app: TeamApp, userId: number, partnerUid: string, memberId: number, ip = '') {
  const company = await requireUserPartner(app.db, userId, partnerUid, 'team.manage');
  await app.db.transaction(async (tx) => {
    const links = await repo.lockLinks(tx, company.id);
    const removed = links.find((link) => link.userId === memberId);
    if (!removed) throw notFound(`Сотрудник № ${memberId} не найден в команде компании: обновите страницу.`);
    const others = links.filter((link) => link.userId !== memberId).map((link) => ({ userId: link.userId, role: storedRole(link.role), blocked: link.blocked }));
    if (adminsAfter(others, { userId: memberId }) === 0) throw conflict(LAST_ADMIN);
    await repo.deleteLink(tx, company.id, memberId);
    await recordAction(tx, {
      partnerId: company.id,
      userId,
      action: 'team.removed',
      object: `Сотрудник ${await repo.personLogin(tx, memberId)}`,
      changes: { role: { from: COMPANY_ROLE_LABELS[storedRole(removed.role)], to: NOTHING } },
      ip,
    });
  });
  // The removed person's open pages lose the company now.
  await app.realtime.disconnectUsers([memberId], 'removed from the company');
  await announce(app, company.id);
  return { message: 'Сотрудник удалён из команды компании.', team: await teamOf(app.db, company.id, userId) };
}

export async function setApprovalOverCredit(app: TeamApp, userId: number, partnerUid: string, approvalOverCredit: boolean, ip = '') {
  const company = await requireUserPartner(app.db, userId, partnerUid, 'team.manage');
  await app.db.transaction(async (tx) => {
    const before = await repo.partnerSettings(tx, company.id);
    if (before.approvalOverCredit === approvalOverCredit) return;
    await repo.setApprovalOverCredit(tx, company.id, approvalOverCredit);
    await recordAction(tx, {
      partnerId: company.id,
      userId,
      action: 'team.approval_setting_changed',
      object: `Компания ${company.name}`,
      changes: { approvalOverCredit: { from: yesNo(before.approvalOverCredit), to: yesNo(approvalOverCredit) } },
      ip,
    });
  });
  await announce(app, company.id);
  return {
    message: approvalOverCredit
      ? 'Заказы сверх кредита по договору теперь ждут согласования администратора.'
      : 'Заказы сверх кредита больше не ждут согласования.',
    team: await teamOf(app.db, company.id, userId),
  };
}
