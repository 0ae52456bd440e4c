import { describe, expect, it } from 'vitest';
import { ZCharacteristicLineSchema, ZPositionSchema, ZWorkingOrderSchema } from './drafts';
import { ZBagsSchema, ZDeliverySchema } from './orders';
import { blankOrder } from './working-order';
import { WIRE_FIELDS, workingOrderWire } from './working-order-wire';

describe('the working order in the server’s shape, without zod', () => {
  it('has exactly the fields the server’s schema keeps, at every level', () => {
    const keys = (shape: object) => Object.keys(shape).sort();
    expect([...WIRE_FIELDS.order].sort()).toEqual(keys(ZWorkingOrderSchema.shape));
    expect([...WIRE_FIELDS.position].sort()).toEqual(keys(ZPositionSchema.shape));
    expect([...WIRE_FIELDS.product].sort()).toEqual(keys(ZPositionSchema.shape.product.shape));
    expect([...WIRE_FIELDS.line].sort()).toEqual(keys(ZCharacteristicLineSchema.shape));
    expect([...WIRE_FIELDS.contract].sort()).toEqual(keys(ZWorkingOrderSchema.shape.contracts.unwrap().element.shape));
    expect([...WIRE_FIELDS.delivery].sort()).toEqual(keys(ZDeliverySchema.shape));
    expect([...WIRE_FIELDS.bags].sort()).toEqual(keys(ZBagsSchema.shape));
  });

  it('gives what the server would store: fields filled as in the blank order, the browser’s own dropped', () => {
    const line = { ID: 'l', CHARACTERISTIC: '48', PRICE: 1, fullprice: 1, price_discount: 0, count: 1, RESIDUE: 1, MAX_DISCOUNT: 0, PPDATA: '', GUID: 'l', ORGGUID: 'o', discount: 0, shownAt: 5 };
    const position = { guid: 'p', article: 'A', product: { ID: '1', ARTICLE: 'A', NAME: 'Куртка', UID: 'p', picture: 'x' }, type: 'wear', characteristics: [line], count: 1, total: 1, total_discount: 0, extra: true };
    const browserOrder = { id: 5, position: [position], revision: 3, renamed: true, delivery: { ...blankOrder().delivery, hint: 'x' } };
    const wire = workingOrderWire(browserOrder);
    expect(wire).toEqual(ZWorkingOrderSchema.parse({ ...blankOrder(), ...browserOrder }));
    expect(wire).not.toHaveProperty('revision');
    expect(wire.position[0]!.characteristics[0]).not.toHaveProperty('shownAt');
  });
});
