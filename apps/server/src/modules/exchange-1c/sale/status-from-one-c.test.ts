import { CHECK_STATUS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { checkChangeFromOneC, oneCDate } from './status-from-one-c';

const said = (pairs: Record<string, string>, current: number = CHECK_STATUS.NEW) => checkChangeFromOneC(new Map(Object.entries(pairs)), current);

describe('what an order document from 1C says of a check', () => {
  it('reads 1C’s dates, its empty dates as empty', () => {
    expect(oneCDate('2026-12-01T16:40:00')).toBe('2026-12-01');
    expect(oneCDate('01.12.2026 16:40:00')).toBe('2026-12-01');
    expect(oneCDate('T')).toBeNull();
    expect(oneCDate('0001-01-01T00:00:00')).toBeNull();
    expect(oneCDate('')).toBeNull();
    expect(oneCDate(undefined)).toBeUndefined();
  });

  it('takes the strongest word: cancelled, then shipped, then the named status, then posted', () => {
    expect(said({ Отменен: 'true', 'Дата отгрузки по 1С': '2026-12-01', 'Статус заказа': 'В резерве' }).status).toBe(CHECK_STATUS.CANCELLED);
    expect(said({ ПометкаУдаления: 'true' }).status).toBe(CHECK_STATUS.CANCELLED);
    expect(said({ 'Дата отгрузки по 1С': '2026-12-01T10:00:00', 'Статус заказа': 'Собирается' }).status).toBe(CHECK_STATUS.SHIPPED);
    expect(said({ 'Дата отгрузки по 1С': 'T', 'Статус заказа': 'Собирается' }).status).toBe(CHECK_STATUS.ASSEMBLING);
    expect(said({ 'Статус заказа': 'Счёт выставлен', Проведен: 'true' }).status).toBe(CHECK_STATUS.BILLED);
    expect(said({ Проведен: 'true' }).status).toBe(CHECK_STATUS.RESERVED);
  });

  it('a posted order reserves only a check that is still «Новый»', () => {
    expect(said({ Проведен: 'true' }, CHECK_STATUS.ASSEMBLING).status).toBeUndefined();
    expect(said({ Проведен: 'false' }).status).toBeUndefined();
  });

  it('knows the portal’s status names and those 1C configurations send, with Bitrix’s «[X] » and ё as е', () => {
    expect(said({ 'Статус заказа': 'Отменён' }).status).toBe(CHECK_STATUS.CANCELLED);
    expect(said({ 'Статус заказа': 'Отменен' }).status).toBe(CHECK_STATUS.CANCELLED);
    expect(said({ 'Статус заказа': '[F] Выполнен' }).status).toBe(CHECK_STATUS.SHIPPED);
    expect(said({ 'Статус заказа': '[N] Принят' }).status).toBe(CHECK_STATUS.NEW);
    expect(said({ 'Статус заказа': 'К выполнению / в резерве' }).status).toBe(CHECK_STATUS.RESERVED);
    expect(said({ 'Статус заказа': 'Закрыт' }).status).toBe(CHECK_STATUS.SHIPPED);
  });

  it('an unknown status name is reported and changes nothing', () => {
    expect(said({ 'Статус заказа': 'Ждёт звонка' })).toEqual({ unknownStatus: 'Ждёт звонка' });
  });

  it('keeps 1C’s number and the payment and shipment dates', () => {
    expect(said({ 'Номер по 1С': 'ФР-000123', 'Дата оплаты по 1С': '2026-11-30', 'Дата отгрузки по 1С': 'T' })).toEqual({
      number1c: 'ФР-000123',
      paidOn: '2026-11-30',
      shippedOn: null,
    });
    expect(checkChangeFromOneC(new Map(), CHECK_STATUS.NEW, 'ЭС-45')).toEqual({ number1c: 'ЭС-45' });
  });
});
