/**
 * What an order document from 1C says of a check, read off its requisites as the standard exchange writes them
 * («Статус заказа», «Проведен», «Отменен», «ПометкаУдаления», «Дата оплаты по 1С», «Дата отгрузки по 1С», «Номер по
 * 1С»; docs/decisions.md «1C order exchange»). The check statuses and their names are the domain's (check-status.ts).
 */
import { CHECK_STATUS, CHECK_STATUS_NAMES } from '@portal/domain';

export interface CheckChangeFromOneC {
  /** The check status 1C's document means; undefined when it says nothing the portal can map. */
  status?: number;
  number1c?: string;
  /** 'YYYY-MM-DD', or null when 1C sent the requisite empty. */
  paidOn?: string | null;
  shippedOn?: string | null;
  /** «Статус заказа» 1C sent that is no status of the portal's: reported, the status left as it is. */
  unknownStatus?: string;
}

const normalise = (name: string) =>
  name
    .replace(/^\s*\[[^\]]*\]\s*/, '') // Bitrix-style «[F] Выполнен»
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е');

/** Status names 1C configurations send, beside the portal's own names (CHECK_STATUS_NAMES). */
const STATUS_BY_NAME: ReadonlyMap<string, number> = new Map([
  ...Object.entries(CHECK_STATUS_NAMES).map(([status, name]) => [normalise(name), Number(status)] as const),
  ['принят', CHECK_STATUS.NEW],
  ['не согласован', CHECK_STATUS.NEW],
  ['к обеспечению', CHECK_STATUS.RESERVED],
  ['к выполнению', CHECK_STATUS.RESERVED],
  ['к выполнению / в резерве', CHECK_STATUS.RESERVED],
  ['в резерве', CHECK_STATUS.RESERVED],
  ['ожидается предоплата', CHECK_STATUS.BILLED],
  ['ожидает оплаты', CHECK_STATUS.BILLED],
  ['счет выставлен', CHECK_STATUS.BILLED],
  ['на сборке', CHECK_STATUS.ASSEMBLING],
  ['собирается', CHECK_STATUS.ASSEMBLING],
  ['собран', CHECK_STATUS.ASSEMBLING],
  ['готов к отгрузке', CHECK_STATUS.ASSEMBLING],
  ['отгружен', CHECK_STATUS.SHIPPED],
  ['выполнен', CHECK_STATUS.SHIPPED],
  ['доставлен', CHECK_STATUS.SHIPPED],
  ['закрыт', CHECK_STATUS.SHIPPED],
  ['отменен', CHECK_STATUS.CANCELLED],
  ['отклонен', CHECK_STATUS.CANCELLED],
  ['предзаказ', CHECK_STATUS.PREORDER],
  ['ожидается поступление', CHECK_STATUS.PREORDER],
]);

const isTrue = (value: string | undefined) => value !== undefined && ['true', 'да', '1'].includes(value.trim().toLowerCase());

/**
 * A 1C date as 'YYYY-MM-DD'; null for 1C's empty date («T», «0001-01-01T00:00:00», '') — 1C writes its empty dates
 * so rather than leaving the requisite out.
 */
export function oneCDate(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const russian = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : russian ? [russian[3]!, russian[2]!, russian[1]!] : [];
  if (!year || Number(year) < 1900) return null;
  return `${year}-${month}-${day}`;
}

/**
 * The check's state by what 1C said, strongest first: cancelled or deleted, then shipped (a shipment date), then the
 * named «Статус заказа», then a posted («Проведен») order, which reserves a check still «Новый».
 */
export function checkChangeFromOneC(requisites: ReadonlyMap<string, string>, currentStatus: number, number1c = ''): CheckChangeFromOneC {
  const change: CheckChangeFromOneC = {};
  const number = requisites.get('Номер по 1С')?.trim() || number1c;
  if (number) change.number1c = number;
  const paidOn = oneCDate(requisites.get('Дата оплаты по 1С') ?? requisites.get('Дата оплаты'));
  if (paidOn !== undefined) change.paidOn = paidOn;
  const shippedOn = oneCDate(requisites.get('Дата отгрузки по 1С') ?? requisites.get('Дата отгрузки'));
  if (shippedOn !== undefined) change.shippedOn = shippedOn;

  const named = requisites.get('Статус заказа')?.trim();
  const namedStatus = named ? STATUS_BY_NAME.get(normalise(named)) : undefined;
  if (named && namedStatus === undefined) change.unknownStatus = named;

  if (isTrue(requisites.get('Отменен')) || isTrue(requisites.get('ПометкаУдаления'))) change.status = CHECK_STATUS.CANCELLED;
  else if (shippedOn || isTrue(requisites.get('Отгружен'))) change.status = CHECK_STATUS.SHIPPED;
  else if (namedStatus !== undefined) change.status = namedStatus;
  else if (isTrue(requisites.get('Проведен')) && currentStatus === CHECK_STATUS.NEW) change.status = CHECK_STATUS.RESERVED;
  return change;
}
