/** The wizard's state as the request of POST /services/proposal/add, and what still stops each step. */
import { innProblem, proposalMarkupProblem } from '@portal/domain';
import type { TProposalRequest } from '@portal/contracts';
import { hasPickedLine, type ProposalState } from '../proposal-store';

type Snapshot = Pick<ProposalState, 'items' | 'offer' | 'additionally' | 'design' | 'format' | 'portrait'>;

export function buildProposalRequest(state: Snapshot, executorName: string): TProposalRequest {
  return {
    offer: {
      executor: executorName,
      executorUID: state.offer.executorUID,
      customer: state.offer.customer.trim(),
      customerInn: state.offer.customerInn.trim(),
      customerKpp: state.offer.customerKpp?.trim() ?? '',
      customerAddress: state.offer.customerAddress?.trim() ?? '',
      n: state.offer.n.trim(),
      date: state.offer.date,
      comment: state.offer.comment,
      position: state.items
        .map((item) => ({
          guid: item.guid,
          characteristics: item.lines.filter((line) => line.quantity > 0).map((line) => ({ guid: line.guid, quantity: line.quantity })),
          markup: { kind: item.markup.kind, value: item.markup.value, add_sum: item.markup.add_sum ?? 0 },
        }))
        .filter((position) => position.characteristics.length > 0),
    },
    additionally: normalizedConditions(state.additionally),
    header: state.design.header,
    headerLogo: state.design.header ? state.design.headerLogo : null,
    headerLogoAlign: state.design.headerLogoAlign,
    headerText: state.design.headerText,
    banner: state.design.banner && state.design.bannerId !== null,
    bannerId: state.design.banner ? state.design.bannerId : null,
    as: state.format,
    portrait: state.portrait,
  };
}

/** Values of switched-off conditions are not sent; a deferment keeps only the kind of days chosen. */
function normalizedConditions(conditions: Snapshot['additionally']): Snapshot['additionally'] {
  const positive = (value: number | null) => (value && value > 0 ? value : null);
  const calendar = conditions.delay ? positive(conditions.delayCalendarValue) : null;
  return {
    delay: conditions.delay,
    delayCalendarValue: calendar,
    delayWorkValue: conditions.delay && calendar === null ? positive(conditions.delayWorkValue) : null,
    delivery: conditions.delivery,
    deliveryValue: conditions.delivery ? conditions.deliveryValue.trim() : '',
    pickup: conditions.pickup,
    pickupValue: conditions.pickup ? conditions.pickupValue.trim() : '',
    prepayment: conditions.prepayment,
    prepaymentValue: conditions.prepayment ? positive(conditions.prepaymentValue) : null,
  };
}

/** What stops going on from a step, in Russian; empty when the step is complete. */
export function stepProblems(step: number, state: Snapshot): string[] {
  const problems: string[] = [];
  if (step >= 1 && !hasPickedLine(state.items)) problems.push('Выберите хотя бы одну позицию с количеством больше 0.');
  if (step >= 2) {
    for (const item of state.items) {
      for (const line of item.lines) {
        if (line.quantity <= 0) continue;
        const problem = proposalMarkupProblem(line.fullprice, item.markup, `позиции «${item.name || item.article}»`);
        if (problem) {
          problems.push(problem);
          break;
        }
      }
    }
  }
  if (step >= 3) {
    if (!state.offer.executorUID) problems.push('Выберите компанию-исполнителя.');
    if (!state.offer.customer.trim()) problems.push('Укажите заказчика: найдите его по ИНН или впишите название.');
    if (state.offer.customerInn.trim()) {
      const problem = innProblem(state.offer.customerInn);
      if (problem) problems.push(`ИНН заказчика: ${problem}`);
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(state.offer.date)) problems.push('Укажите дату предложения.');
    const conditions = state.additionally;
    if (conditions.delay && !conditions.delayCalendarValue && !conditions.delayWorkValue) problems.push('Отсрочка: укажите число дней.');
    if (conditions.prepayment && !conditions.prepaymentValue) problems.push('Предоплата: укажите процент.');
  }
  return problems;
}
