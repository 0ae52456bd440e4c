/**
 * The messages' text: Russian, HTML with a plain-text twin built from the same parts. Every message names the portal
 * and the company, links to its object, says why it was sent and where to change that.
 */
import type { TOrderDetail, TOrderPosition } from '@portal/contracts';
import { formatPrice, formatUnixDate } from '@portal/domain';

export const PORTAL_NAME = 'Портал дилера';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a message says, before it is laid out. */
export interface MailContent {
  subject: string;
  /** The company the message is about ('' for messages about the user's own account). */
  company: string;
  greeting?: string;
  paragraphs: string[];
  /** The order's lines, totals and delivery, as the order page shows them. */
  order?: TOrderDetail;
  action: { label: string; url: string };
  /** Why the message was sent (the setting or the request behind it). */
  reason: string;
  /** The notification settings, for messages a setting asked for. */
  settingsUrl?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const DELIVERY_NAMES: Record<TOrderDetail['delivery']['case'], string> = {
  pickup: 'Самовывоз',
  delivery: 'Доставка',
  other: 'Другой способ',
};

function positionLines(order: TOrderDetail): Array<{ position: TOrderPosition; preorder: boolean }> {
  return [
    ...order.position.map((position) => ({ position, preorder: false })),
    ...order.position_presail.map((position) => ({ position, preorder: true })),
  ];
}

function deliveryText(order: TOrderDetail): string {
  const { delivery } = order;
  const parts = [DELIVERY_NAMES[delivery.case] ?? delivery.case];
  if (delivery.address) parts.push(delivery.address);
  if (delivery.date) parts.push(`дата отгрузки ${delivery.date.split('-').reverse().join('.')}`);
  if (delivery.cost) parts.push(`стоимость ${formatPrice(delivery.cost)}`);
  return parts.join(', ');
}

function orderText(order: TOrderDetail): string[] {
  const lines = positionLines(order).map(
    ({ position, preorder }) =>
      `  ${position.article} ${position.product.NAME}${preorder ? ' (предзаказ)' : ''} — ${position.count} шт., ${formatPrice(position.total_discount)}`,
  );
  return [
    `Заказ № ${order.n} от ${formatUnixDate(order.date)}`,
    ...lines,
    `Позиций: ${order.count}, единиц: ${order.total_count}`,
    `Сумма без скидки: ${formatPrice(order.total)}`,
    `Итого со скидкой: ${formatPrice(order.total_discount)}`,
    `Доставка: ${deliveryText(order)}`,
    ...(order.comment ? [`Комментарий: ${order.comment}`] : []),
  ];
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top';

function orderHtml(order: TOrderDetail): string {
  const rows = positionLines(order)
    .map(
      ({ position, preorder }) =>
        `<tr><td style="${cell}">${escapeHtml(position.article)}</td><td style="${cell}">${escapeHtml(position.product.NAME)}${preorder ? ' <em>(предзаказ)</em>' : ''}</td>` +
        `<td style="${cell};text-align:right">${position.count}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatPrice(position.total_discount))}</td></tr>`,
    )
    .join('');
  return (
    `<p><strong>Заказ № ${order.n}</strong> от ${formatUnixDate(order.date)}</p>` +
    `<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr>` +
    `<th style="${cell}">Артикул</th><th style="${cell}">Товар</th><th style="${cell};text-align:right">Кол-во</th><th style="${cell};text-align:right">Сумма</th>` +
    `</tr></thead><tbody>${rows}</tbody></table>` +
    `<p>Позиций: ${order.count}, единиц: ${order.total_count}<br>` +
    `Сумма без скидки: ${escapeHtml(formatPrice(order.total))}<br>` +
    `<strong>Итого со скидкой: ${escapeHtml(formatPrice(order.total_discount))}</strong><br>` +
    `Доставка: ${escapeHtml(deliveryText(order))}</p>` +
    (order.comment ? `<p>Комментарий: ${escapeHtml(order.comment)}</p>` : '')
  );
}

export function renderMail(content: MailContent): RenderedMail {
  const heading = content.company ? `${PORTAL_NAME} · ${content.company}` : PORTAL_NAME;
  const text = [
    heading,
    '',
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.order ? [...orderText(content.order), ''] : []),
    `${content.action.label}: ${content.action.url}`,
    '',
    '—',
    content.reason,
    ...(content.settingsUrl ? [`Настройки уведомлений: ${content.settingsUrl}`] : []),
  ].join('\n');
  const html =
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">` +
    `<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">` +
    `<p style="margin:0 0 16px;color:#6b7280;font-size:13px">${escapeHtml(heading)}</p>` +
    (content.greeting ? `<p>${escapeHtml(content.greeting)}</p>` : '') +
    content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (content.order ? orderHtml(content.order) : '') +
    `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#ffffff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
    `<p style="font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb;padding-top:12px">${escapeHtml(content.reason)}` +
    (content.settingsUrl ? ` <a href="${escapeHtml(content.settingsUrl)}">Настройки уведомлений</a>` : '') +
    `</p></div></body></html>`;
  return { subject: content.subject, html, text };
}
