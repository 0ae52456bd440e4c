/**
 * The answer to a placed order: «Заказ № N принят.» (or «изменён.») and what the dealer should know about it — the
 * units that went to pre-order. What follows the number is stored with the order (its first answer), so a retry
 * with the same key answers the same words.
 */
import type { TOrderSubmitResult } from '@portal/contracts';
import { preorderNotice, type PricedOrder } from '@portal/domain';

/** What is stored with the order to answer it again: the notes and whether it was an edit. */
export interface FirstAnswer {
  notes: string;
  edited: boolean;
}

const headline = (id: number, edited: boolean) => (edited ? `Заказ № ${id} изменён.` : `Заказ № ${id} принят.`);

export function firstAnswerOf(priced: PricedOrder, edited: boolean): FirstAnswer {
  // The notes are the units on pre-order, in the domain's one wording of reservation.
  return { notes: preorderNotice(priced.lines), edited };
}

/** The answer of the order numbered `orderId` from its stored first answer (known only after the insert gave the number). */
export function answerOf(orderId: number, firstAnswer: unknown): TOrderSubmitResult {
  const stored = (firstAnswer ?? {}) as Partial<FirstAnswer>;
  return { id: orderId, message: headline(orderId, stored.edited === true) + (stored.notes ? ` ${stored.notes}` : '') };
}

/** What a purchaser is answered for an order kept «На согласовании», instead of «Заказ № N принят». */
export const HELD_MESSAGE = 'Заказ отправлен на согласование администратору.';

/** The answer of a held order: no order number yet (0), the approval's id and why it waits. */
export function heldAnswer(approval: { id: number; heldFor: string }): TOrderSubmitResult {
  return { id: 0, message: `${HELD_MESSAGE} ${approval.heldFor}`, approval: approval.id };
}
