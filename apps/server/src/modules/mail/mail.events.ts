/**
 * Mail events: written by their cause in its transaction (enqueue…), turned later into one message per recipient
 * (expandEvents). Who receives what follows the notification settings of spec §3: `order.email.<setting>` for mail,
 * `order.lk.<setting>` for the portal's bar — `created` and `changed` for orders, `states` for statuses and
 * documents. The company's manager gets every new order by mail.
 */
import { NOTIFICATION_ROUTES, type TOrderDetail } from '@portal/contracts';
import { CHECK_STATUS_NAMES, claimStatusName, formatPrice, fromKopecks, shipmentStatusName, shortenCompanyName } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { rawQuery, type Db, type DbOrTx } from '../../db/client';
import { notifyStored, type NotificationInput } from '../notifications';
import * as repo from './mail.repository';
import { renderMail, type MailContent } from './templates';

export type MailEventKind =
  | 'order.created'
  | 'order.changed'
  | 'check.status'
  | 'bill.ready'
  | 'shipment.created'
  | 'shipment.status'
  | 'claim.created'
  | 'claim.status'
  | 'approval.requested'
  | 'approval.rejected';

export type NotificationSetting = 'created' | 'changed' | 'states';

/** The one call the orders' code makes in the transaction that writes an order (new orders get theirs from a trigger). */
export async function enqueueOrderMessages(tx: DbOrTx, orderId: number, change: 'created' | 'changed') {
  await repo.insertEvent(tx, `order.${change}`, orderId);
}

/** A mail event in the caller's transaction: it is mailed if and only if that transaction commits. */
export async function enqueueMailEvent(tx: DbOrTx, kind: MailEventKind, subjectId: number, data: Record<string, unknown> = {}) {
  await repo.insertEvent(tx, kind, subjectId, data);
}

/** An order that is no news (the demo seed's history): its pending events are settled without messages. */
export async function silenceOrderMail(tx: DbOrTx, orderId: number) {
  await rawQuery(tx, `UPDATE mail_events SET expanded_at = now() WHERE subject_id = $1 AND kind LIKE 'order.%' AND expanded_at IS NULL`, [orderId]);
}

type MailApp = Pick<FastifyInstance, 'db' | 'config' | 'realtime' | 'log'>;

/**
 * An order as its page shows it, read by a user of its company: the orders module's reading, handed to the mail
 * plugin by app.ts, so that orders may write mail events while mail knows nothing of the orders' code.
 */
export type OrderReader = (db: Db, userId: number, orderId: number) => Promise<TOrderDetail>;

interface Recipient {
  userId: number | null;
  email: string;
}

interface Described {
  partnerId: number;
  setting: NotificationSetting;
  content: Omit<MailContent, 'reason' | 'settingsUrl' | 'company'>;
  /** For orders' creation and edits: the bar's message (statuses reach the bar from the integration code already). */
  bar?: NotificationInput;
  withManager?: boolean;
  /**
   * Messages that no notification setting governs (approvals): sent to the company's administrators or to one
   * person, for the reason given, mail and bar alike.
   */
  audience?: { to: 'admins' | number; reason: string };
}

const SETTING_REASONS: Record<NotificationSetting, string> = {
  created: 'Письмо отправлено, потому что в профиле включено уведомление на e-mail «Заказ создан».',
  changed: 'Письмо отправлено, потому что в профиле включено уведомление на e-mail «Заказ изменён».',
  states: 'Письмо отправлено, потому что в профиле включено уведомление на e-mail «Изменение статуса».',
};
const MANAGER_REASON = 'Письмо отправлено, потому что вы менеджер этой компании: о новых заказах ваших клиентов сообщается всегда.';

export const portalLink = (config: MailApp['config'], route: string) => new URL(route, config.PUBLIC_URL).toString();

/** Users of the company whose setting is on (a missing setting is on), with a confirmed address, not blocked. */
async function usersWanting(db: DbOrTx, partnerId: number, channel: 'email' | 'lk', setting: NotificationSetting): Promise<Recipient[]> {
  const rows = await rawQuery<{ id: number; email: string }>(
    db,
    `SELECT u.id, u.email FROM users u JOIN user_partners up ON up.user_id = u.id
      WHERE up.partner_id = $1 AND NOT u.blocked AND NOT up.blocked
        AND coalesce((u.notification_settings -> 'order' -> $2 ->> $3)::boolean, true)
        ${channel === 'email' ? `AND u.email_confirmed AND u.email LIKE '%_@_%'` : ''}
      ORDER BY u.id`,
    [partnerId, channel, setting],
  );
  return rows.map((row) => ({ userId: Number(row.id), email: row.email }));
}

/** The people an approval's message goes to: the company's administrators, or one person of the company. */
async function audienceOf(db: DbOrTx, partnerId: number, to: 'admins' | number, channel: 'email' | 'lk'): Promise<Recipient[]> {
  const rows = await rawQuery<{ id: number; email: string }>(
    db,
    `SELECT u.id, u.email FROM users u JOIN user_partners up ON up.user_id = u.id
      WHERE up.partner_id = $1 AND NOT u.blocked AND NOT up.blocked
        AND ${to === 'admins' ? `up.role = 'admin'` : 'u.id = $2'}
        ${channel === 'email' ? `AND u.email_confirmed AND u.email LIKE '%_@_%'` : ''}
      ORDER BY u.id`,
    to === 'admins' ? [partnerId] : [partnerId, to],
  );
  return rows.map((row) => ({ userId: Number(row.id), email: row.email }));
}

/** An order kept «На согласовании», as its messages tell it. */
async function approvalOf(db: DbOrTx, id: number) {
  const [row] = await rawQuery<{ partner_id: number; user_id: number; total_kopecks: string; total_count: number; held_for: string; reason: string; purchaser: string }>(
    db,
    `SELECT a.partner_id, a.user_id, a.total_kopecks, a.total_count, a.held_for, a.reason,
            coalesce(nullif(trim(concat_ws(' ', u.lastname, u.name)), ''), u.login) AS purchaser
       FROM order_approvals a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    [id],
  );
  return row;
}

/** The messages of an approval: asked of the administrators, or its rejection told to the purchaser. */
async function describeApproval(app: MailApp, event: repo.MailEventRow): Promise<Described | undefined> {
  const approval = await approvalOf(app.db, event.subjectId);
  if (!approval) return undefined;
  const partnerId = Number(approval.partner_id);
  const total = formatPrice(fromKopecks(Number(approval.total_kopecks)));
  const action = { label: 'Открыть историю заказов', url: portalLink(app.config, '/orders') };
  if (event.kind === 'approval.requested') {
    const message = `${approval.purchaser} отправил заказ на ${total} на согласование.`;
    return {
      partnerId,
      setting: 'created',
      audience: { to: 'admins', reason: 'Письмо отправлено, потому что вы администратор компании: заказы сверх лимита закупщика согласует администратор.' },
      content: {
        subject: `Заказ на ${total} ждёт согласования`,
        paragraphs: [message, approval.held_for, 'Согласуйте или отклоните его в истории заказов.'],
        action,
      },
      bar: { type: 'notification', event: 'approval_requested', message, link: '/orders', data: { approval: event.subjectId } },
    };
  }
  const message = `Заказ на ${total} не согласован. Причина: ${approval.reason}`;
  return {
    partnerId,
    setting: 'states',
    audience: { to: Number(approval.user_id), reason: 'Письмо отправлено, потому что вы отправили этот заказ на согласование.' },
    content: {
      subject: `Заказ на ${total} отклонён`,
      paragraphs: [message, 'Заказ остался в истории заказов: его можно загрузить в рабочий заказ, исправить и отправить снова.'],
      action,
    },
    bar: { type: 'notification', event: 'approval_rejected', message, link: '/orders', data: { approval: event.subjectId } },
  };
}

async function partnerOf(db: DbOrTx, partnerId: number) {
  const [row] = await rawQuery<{ name: string; manager_email: string | null; any_user: number | null }>(
    db,
    `SELECT p.name, m.email AS manager_email, (SELECT min(user_id) FROM user_partners WHERE partner_id = p.id AND NOT blocked) AS any_user
       FROM partners p LEFT JOIN managers m ON m.id = p.manager_id WHERE p.id = $1`,
    [partnerId],
  );
  return row;
}

async function orderPartner(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const [row] = await rawQuery<{ partner_id: number }>(db, 'SELECT partner_id FROM orders WHERE id = $1', [orderId]);
  return row ? Number(row.partner_id) : undefined;
}

async function trackedRow(db: DbOrTx, table: 'shipments' | 'claims', id: number) {
  const [row] = await rawQuery<{ partner_id: number; bitrix_id: number | null; status: string }>(
    db,
    `SELECT partner_id, bitrix_id, status FROM ${table} WHERE id = $1`,
    [id],
  );
  return row;
}

/** What an event says and to whom; undefined when its subject is gone (nothing to tell). */
async function describe(app: MailApp, readOrder: OrderReader, event: repo.MailEventRow): Promise<Described | undefined> {
  const data = event.data as Record<string, unknown>;
  const link = (route: string) => portalLink(app.config, route);
  if (event.kind.startsWith('approval.')) return describeApproval(app, event);
  if (event.kind.startsWith('order.') || event.kind === 'check.status' || event.kind === 'bill.ready') {
    const partnerId = await orderPartner(app.db, event.subjectId);
    if (partnerId === undefined) return undefined;
    const reader = (await partnerOf(app.db, partnerId))?.any_user;
    // The order as its page shows it, read through the same model (the orders module's), by a user of its company.
    const order: TOrderDetail | undefined = reader ? await readOrder(app.db, Number(reader), event.subjectId) : undefined;
    // The history opens with this order's card marked and in view (`?n=`), as after sending it.
    const action = { label: 'Открыть заказ', url: link(NOTIFICATION_ROUTES.order(event.subjectId)) };
    const n = event.subjectId;
    if (event.kind === 'order.created' || event.kind === 'order.changed') {
      const created = event.kind === 'order.created';
      const message = created ? `Заказ № ${n} создан.` : `Заказ № ${n} изменён.`;
      return {
        partnerId,
        setting: created ? 'created' : 'changed',
        withManager: created,
        content: {
          subject: created ? `Заказ № ${n} принят` : `Заказ № ${n} изменён`,
          paragraphs: [created ? `Заказ № ${n} принят порталом и передан в работу.` : `В заказ № ${n} внесены изменения. Состав заказа сейчас:`],
          order,
          action,
        },
        bar: {
          type: 'notification',
          event: created ? 'order_created' : 'order_changed',
          message,
          link: NOTIFICATION_ROUTES.order(n),
          data: { order: n },
          setting: created ? 'created' : 'changed',
        },
      };
    }
    if (event.kind === 'check.status') {
      const status = Number(data.status);
      const name = CHECK_STATUS_NAMES[status] ?? `статус ${status}`;
      return {
        partnerId,
        setting: 'states',
        content: { subject: `Заказ № ${n}: ${name}`, paragraphs: [`Статус заказа № ${n} изменился на «${name}».`], order, action },
      };
    }
    return {
      partnerId,
      setting: 'states',
      content: {
        subject: `Заказ № ${n}: счёт готов`,
        paragraphs: [`Счёт по заказу № ${n} готов: его можно скачать в истории заказов.`],
        order,
        action,
      },
    };
  }
  const table = event.kind.startsWith('shipment.') ? 'shipments' : 'claims';
  const row = await trackedRow(app.db, table, event.subjectId);
  if (!row) return undefined;
  const what = table === 'shipments' ? 'Заявка на отгрузку' : 'Рекламация';
  const number = row.bitrix_id ?? event.subjectId;
  const route = table === 'shipments' ? '/shipments' : '/claims';
  const action = { label: table === 'shipments' ? 'Открыть заявки на отгрузку' : 'Открыть рекламации', url: link(route) };
  if (event.kind.endsWith('.created')) {
    return {
      partnerId: Number(row.partner_id),
      setting: 'states',
      content: { subject: `${what} № ${number} получена`, paragraphs: [`${what} № ${number} получена порталом и передана менеджеру.`], action },
    };
  }
  const status = String(data.status ?? row.status);
  const name = table === 'shipments' ? shipmentStatusName(status) : claimStatusName(status);
  const comment = typeof data.comment === 'string' && data.comment ? [`Комментарий: ${data.comment}`] : [];
  return {
    partnerId: Number(row.partner_id),
    setting: 'states',
    content: { subject: `${what} № ${number}: ${name}`, paragraphs: [`${what} № ${number}: статус «${name}».`, ...comment], action },
  };
}

const nothingToPush = { push: async () => {} };

/**
 * Turns pending events into messages (and the bar's notifications of orders): each event in its own transaction that
 * first takes it, so an event is expanded once whatever the number of processes. Answers how many were expanded.
 */
export async function expandEvents(app: MailApp, readOrder: OrderReader, limit = 50): Promise<number> {
  let expanded = 0;
  for (const event of await repo.pendingEvents(app.db, limit)) {
    const described = await describe(app, readOrder, event);
    const partner = described ? await partnerOf(app.db, described.partnerId) : undefined;
    const company = partner ? shortenCompanyName(partner.name) : '';
    const settingsUrl = portalLink(app.config, '/profile');
    const stored = await app.db.transaction(async (tx) => {
      if (!(await repo.takeEvent(tx, event.id))) return undefined;
      if (!described) return nothingToPush;
      const { audience } = described;
      const recipients = audience
        ? await audienceOf(tx, described.partnerId, audience.to, 'email')
        : await usersWanting(tx, described.partnerId, 'email', described.setting);
      const reason = audience ? { reason: audience.reason } : { reason: SETTING_REASONS[described.setting], settingsUrl };
      const messages: repo.NewMessage[] = recipients.map((recipient) => ({
        dedupeKey: `${event.id}:user:${recipient.userId}`,
        eventId: event.id,
        userId: recipient.userId,
        toAddress: recipient.email,
        ...renderMail({ ...described.content, company, ...reason }),
      }));
      const manager = partner?.manager_email?.trim();
      if (described.withManager && manager && manager.includes('@')) {
        messages.push({
          dedupeKey: `${event.id}:manager`,
          eventId: event.id,
          userId: null,
          toAddress: manager,
          ...renderMail({ ...described.content, company, reason: MANAGER_REASON }),
        });
      }
      await repo.insertMessages(tx, messages);
      if (!described.bar) return nothingToPush;
      const barUsers = audience
        ? await audienceOf(tx, described.partnerId, audience.to, 'lk')
        : await usersWanting(tx, described.partnerId, 'lk', described.setting);
      return notifyStored(tx, barUsers.map((user) => user.userId!), described.bar);
    });
    if (stored === undefined) continue;
    expanded++;
    await stored.push(app);
  }
  return expanded;
}
