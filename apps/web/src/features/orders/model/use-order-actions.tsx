/**
 * What the dealer can do with a placed order, from its history card or its detail page: load it into the working
 * order to edit it or to start a new one from it, print the invoice, download the certificates, request a bill for a
 * check. One implementation, so the two screens never disagree.
 */
import type { TOrderCheck } from '@portal/contracts';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { getOrderDetail } from '../../../shared/api/get-order-detail';
import { partnersQueryOptions } from '../../../shared/api/get-partners';
import { reportError } from '../../../shared/errors';
import { openConfirmModal } from '../../../shared/ui/confirm-modal';
import { downloadCertificates, downloadInvoice } from '../api/download-order-files';
import { useRequestBill } from '../api/request-bill';
import { useOrderStore, type WebOrder } from './order-store';
import { fromDetail, heldByOrder } from './payload';
import { atTodaysPrices } from './todays-offers';

/**
 * Puts an order into the working order and opens it: asks first when the working order has lines (they would be
 * lost unless saved as a draft). The one way an order from elsewhere (the history, a rejected approval) is loaded.
 */
export function useReplaceWorkingOrder() {
  const navigate = useNavigate();
  return (working: WebOrder) => {
    const current = useOrderStore.getState().order;
    const apply = () => {
      useOrderStore.getState().replace(working);
      navigate(paths.order());
    };
    if (current.position.length + current.position_presail.length > 0) {
      openConfirmModal({
        title: 'Заменить текущий заказ?',
        children: <Text size="sm">В текущем заказе есть позиции. Сохраните его в черновики, если он ещё нужен.</Text>,
        labels: { confirm: 'Заменить', cancel: 'Отмена' },
        onConfirm: apply,
      });
    } else apply();
  };
}

export function useOrderActions(n: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const bill = useRequestBill();
  const replaceWorkingOrder = useReplaceWorkingOrder();

  const load = async (mode: 'edit' | 'copy') => {
    try {
      const detail = await getOrderDetail(n);
      const companies = await queryClient.fetchQuery(partnersQueryOptions());
      // Each line is priced as a newly added line would be today: what the dealer sees is what the server charges.
      const working = await atTodaysPrices(
        fromDetail(detail, mode),
        companies.find((company) => company.uid === detail.partner_id),
        mode === 'edit' ? heldByOrder(detail) : undefined,
      );
      replaceWorkingOrder(working);
    } catch (error) {
      reportError('GET_ORDER', error);
    }
  };

  const print = async () => {
    try {
      await downloadInvoice(n);
    } catch (error) {
      reportError('PRINT_INVOICE', error);
    }
  };

  const certificates = async () => {
    try {
      await downloadCertificates(n);
    } catch (error) {
      // Spec §8: certificate download failures are only logged; the dealer still gets a hint.
      console.error('certificates download failed', error);
      notifications.show({ color: 'orange', message: 'Сертификаты по этому заказу сейчас недоступны.' });
    }
  };

  const requestBill = async (check: TOrderCheck) => {
    try {
      await bill.mutateAsync({ n, guid: check.guid });
      notifications.show({ color: 'teal', message: `Счёт ${check.org_name} по заказу № ${n} запрошен.` });
    } catch (error) {
      reportError('REQUEST_CHECK', error);
    }
  };

  /** The claims feature's form, started for this order (by URL: features never import each other). */
  const claim = () => navigate(`${paths.claimRequest}?order=${n}`);

  return {
    edit: () => load('edit'),
    copy: () => load('copy'),
    print,
    certificates,
    requestBill,
    claim,
    /** The check whose bill is being requested, if any. */
    billing: bill.isPending ? bill.variables?.guid : undefined,
  };
}
