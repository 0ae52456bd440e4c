import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_STATUS,
  billRequestRefusal,
  canEditOrder,
  canPrintInvoice,
  canRequestBill,
  canRequestShipment,
  isOrderCancelled,
} from './check-status';
import { isReserved } from './reserved';

const { NEW, RESERVED, ASSEMBLING, SHIPPED, CANCELLED, PREORDER, BILLED } = CHECK_STATUS;
const statusArb = fc.integer({ min: 0, max: 8 });
const checksArb = fc.array(fc.record({ status: statusArb }), { maxLength: 5 });

describe('bill requests', () => {
  it('are allowed only for a check in reserve', () => {
    expect([NEW, RESERVED, ASSEMBLING, SHIPPED, CANCELLED, PREORDER, BILLED].filter(canRequestBill)).toEqual([RESERVED]);
  });

  it('give a reason for every status that refuses', () => {
    expect(billRequestRefusal(RESERVED)).toBeUndefined();
    expect(billRequestRefusal(BILLED)).toMatch(/уже выставлен/);
    expect(billRequestRefusal(PREORDER)).toMatch(/под заказ/);
    for (const status of [ASSEMBLING, SHIPPED, CANCELLED]) expect(billRequestRefusal(status)).toMatch(/уже невозможен/);
    expect(billRequestRefusal(ASSEMBLING)).toContain('«Собирается»');
    expect(billRequestRefusal(42)).toMatch(/только для счёта в статусе «В резерве»/);
  });

  it('property: a bill request (the check becomes «Счёт выставлен») never changes whether the order is reserved', () => {
    fc.assert(
      fc.property(checksArb, fc.nat(), (checks, pick) => {
        fc.pre(checks.length > 0);
        const index = pick % checks.length;
        fc.pre(canRequestBill(checks[index]!.status));
        const billed = checks.map((check, i) => (i === index ? { status: BILLED } : check));
        expect(isReserved(billed)).toBe(isReserved(checks));
      }),
    );
  });
});

describe('invoice, edit and shipment', () => {
  it('prints the invoice unless every check is cancelled', () => {
    expect(canPrintInvoice([])).toBe(true);
    expect(canPrintInvoice([{ status: CANCELLED }, { status: RESERVED }])).toBe(true);
    expect(canPrintInvoice([{ status: CANCELLED }, { status: CANCELLED }])).toBe(false);
    expect(isOrderCancelled([])).toBe(false);
  });

  it('locks editing once the back office assembles, ships or cancels a check', () => {
    expect(canEditOrder([{ status: RESERVED }, { status: BILLED }, { status: PREORDER }])).toBe(true);
    for (const status of [ASSEMBLING, SHIPPED, CANCELLED]) expect(canEditOrder([{ status: RESERVED }, { status }])).toBe(false);
  });

  it('offers a shipment while some check is neither shipped nor cancelled', () => {
    expect(canRequestShipment([{ status: SHIPPED }, { status: CANCELLED }])).toBe(false);
    expect(canRequestShipment([{ status: SHIPPED }, { status: BILLED }])).toBe(true);
    for (const status of [RESERVED, PREORDER, BILLED, ASSEMBLING]) expect(canRequestShipment([{ status }])).toBe(true);
    expect(canRequestShipment([])).toBe(true);
  });

  it('property: a cancelled order can be neither printed nor shipped', () => {
    fc.assert(
      fc.property(checksArb, (checks) => {
        if (isOrderCancelled(checks)) {
          expect(canPrintInvoice(checks)).toBe(false);
          expect(canRequestShipment(checks)).toBe(false);
        }
      }),
    );
  });
});
