/**
 * The working order of spec §3 as the client keeps it (the `working_order` storage key and the drafts) and the server
 * stores it: positions with characteristic lines, totals, delivery, in the spec's words and roubles. order-mapper.ts
 * maps it to the domain's order model; the operations that change it live with the web's orders model.
 */

/** Spec §3 "Characteristic line". Prices are per unit in roubles; `discount` is a percent (sent as a fraction). */
export interface CharacteristicLine {
  ID: string;
  CHARACTERISTIC: string;
  /** Unit price after the discount. */
  PRICE: number;
  /** Unit price before the discount. */
  fullprice: number;
  /** Discount per unit in roubles (fullprice − PRICE). */
  price_discount: number;
  count: number;
  /** Units in stock when the line was last priced. */
  RESIDUE: number;
  /** Units of this line that take stock (the rest is pre-sale). */
  RESERVED?: number;
  MAX_DISCOUNT: number;
  PPDATA: string;
  GUID: string;
  ORGGUID: string;
  /** Percent. */
  discount: number;
  add_sum?: number;
}

export interface PositionProduct {
  ID: string;
  ARTICLE: string;
  NAME: string;
  UID: string;
}

/** Spec §3 "Position", with what the totals and the discount need about the product. */
export interface Position {
  /** The product's UID. */
  guid: string;
  article: string;
  product: PositionProduct;
  /** 'wear' or 'shoes'. */
  type: string;
  characteristics: CharacteristicLine[];
  count: number;
  total: number;
  total_discount: number;
  /** Product status: Outlet, Discount, Activity or ''. */
  status?: string;
  /** Per unit, kilograms and cubic metres. */
  weight?: number;
  volume?: number;
  /** True when some of the asked quantity is above stock (spec §4). */
  preorder?: boolean;
}

export type DeliveryCase = 'pickup' | 'delivery' | 'other';

export interface Delivery {
  address: string;
  case: DeliveryCase;
  /** Day.month.year is shown; kept as an ISO date 'YYYY-MM-DD' or '' when not chosen. */
  date: string;
  cost: number;
  bill_to: string;
}

export interface Bags {
  wear: number;
  wear_pre: number;
  shoes: number;
  shoes_pre: number;
}

/** Spec §3 "Working order" (and "Order draft", which adds name and the pre-sale totals). */
export interface WorkingOrder {
  /** A timestamp (ms); 0 for the blank order. Also the Idempotency-Key of its submission. */
  id: number;
  edit: boolean;
  /** The order number being edited (with edit = true). */
  number?: number;
  reserved: boolean;
  total: number;
  total_discount: number;
  total_presail: number;
  total_presail_discount: number;
  count: number;
  total_count: number;
  total_volume: number;
  total_weight: number;
  partner_id: string;
  position: Position[];
  position_presail: Position[];
  comment: string;
  delivery: Delivery;
  request_certificate: boolean;
  bags: Bags;
  name: string;
  /** Unix ms of creation (drafts show it as their date). */
  date: number;
  /** Ours: the rejected order «На согласовании» this one is sent instead of («Изменить и отправить снова»). */
  replaces_approval?: number;
}

export function blankOrder(): WorkingOrder {
  return {
    id: 0,
    edit: false,
    reserved: true,
    total: 0,
    total_discount: 0,
    total_presail: 0,
    total_presail_discount: 0,
    count: 0,
    total_count: 0,
    total_volume: 0,
    total_weight: 0,
    partner_id: '',
    position: [],
    position_presail: [],
    comment: '',
    delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' },
    request_certificate: false,
    bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0 },
    name: '',
    date: 0,
  };
}
