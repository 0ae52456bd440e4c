import { describe, expect, it } from 'vitest';
import { isDeliveryLine, kopecksOf, wholeUnits } from './lines-from-one-c';

describe('reading 1C’s quantities and amounts', () => {
  it('a quantity is whole pieces, as 1C writes them with or without decimals', () => {
    expect(['12', '10.000', '7,00', ' 3 '].map(wholeUnits)).toEqual([12, 10, 7, 3]);
    expect(['2.5', '-1', '', 'десять', '1e3'].map(wholeUnits)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('an amount is roubles to the kopeck, with a point or a comma and spaces between thousands', () => {
    expect(['1090.5', '1 090,50', '3780', '0.07', '296.4000'].map(kopecksOf)).toEqual([109_050, 109_050, 378_000, 7, 29_640]);
    expect(['1.005', '-10', '', 'T', '12.3.4'].map(kopecksOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('telling the delivery line from goods and other services', () => {
  it('the delivery is ORDER_DELIVERY whatever its kind, or a service named for the delivery; goods and other services are not', () => {
    const lines: Array<[string, string, string]> = [
      ['ORDER_DELIVERY', 'Доставка заказа', 'Услуга'],
      ['ORDER_DELIVERY', 'Доставка заказа', ''],
      ['c1d2e3f4-0000-11ef-9a1b-0050569f1c2d', 'Доставка до склада покупателя', 'Услуга'],
      ['c1d2e3f4-0001-11ef-9a1b-0050569f1c2d', 'ДОСТАВКА транспортной компанией', 'Услуга'],
      ['c1d2e3f4-0002-11ef-9a1b-0050569f1c2d', 'Нанесение логотипа', 'Услуга'],
      ['c1d2e3f4-0003-11ef-9a1b-0050569f1c2d', 'Сумка для доставки инструмента', 'Товар'],
      ['c1d2e3f4-0004-11ef-9a1b-0050569f1c2d', 'Доставка', ''],
    ];
    expect(lines.map(([id, name, kind]) => isDeliveryLine({ id, name, kind }))).toEqual([true, true, true, true, false, false, false]);
  });
});
