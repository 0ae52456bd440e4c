/**
 * Totals of spec §3/§4 in integer kopecks: per position and for the order. `total` is what the dealer pays (discounted
 * prices, both lists, plus the delivery cost when the case is 'other'); `total_discount` is the discount amount.
 */
import { roundTo3 } from '../format';
import { fromKopecks, toKopecks } from '../money';
import type { Delivery, Position } from './types';

export interface PositionTotals {
  count: number;
  total: number;
  total_discount: number;
}

export function positionTotals(position: Position): PositionTotals {
  let count = 0;
  let total = 0;
  let discount = 0;
  for (const line of position.characteristics) {
    count += line.count;
    total += toKopecks(line.PRICE) * line.count;
    discount += (toKopecks(line.fullprice) - toKopecks(line.PRICE)) * line.count;
  }
  return { count, total: fromKopecks(total), total_discount: fromKopecks(discount) };
}

export function withPositionTotals(position: Position): Position {
  return { ...position, ...positionTotals(position) };
}

/** Only 'other' adds its cost to the total (pickup and our own delivery are free here). */
export function deliveryCost(delivery: Pick<Delivery, 'case' | 'cost'>): number {
  return delivery.case === 'other' ? Math.max(0, delivery.cost) : 0;
}

export interface OrderTotals {
  total: number;
  total_discount: number;
  total_presail: number;
  total_presail_discount: number;
  /** Distinct positions (products) in both lists. */
  count: number;
  /** Units in both lists. */
  total_count: number;
  total_volume: number;
  total_weight: number;
}

export function orderTotals(
  position: readonly Position[],
  position_presail: readonly Position[],
  delivery: Pick<Delivery, 'case' | 'cost'>,
): OrderTotals {
  const sum = (list: readonly Position[]) => {
    let total = 0;
    let discount = 0;
    let units = 0;
    let volume = 0;
    let weight = 0;
    for (const item of list) {
      for (const line of item.characteristics) {
        total += toKopecks(line.PRICE) * line.count;
        discount += (toKopecks(line.fullprice) - toKopecks(line.PRICE)) * line.count;
        units += line.count;
        volume += (item.volume ?? 0) * line.count;
        weight += (item.weight ?? 0) * line.count;
      }
    }
    return { total, discount, units, volume, weight };
  };
  const normal = sum(position);
  const presale = sum(position_presail);
  const products = new Set([...position, ...position_presail].map((item) => item.guid));
  return {
    total: fromKopecks(normal.total + presale.total + toKopecks(deliveryCost(delivery))),
    total_discount: fromKopecks(normal.discount + presale.discount),
    total_presail: fromKopecks(presale.total),
    total_presail_discount: fromKopecks(presale.discount),
    count: products.size,
    total_count: normal.units + presale.units,
    total_volume: roundTo3(normal.volume + presale.volume),
    total_weight: roundTo3(normal.weight + presale.weight),
  };
}
