/**
 * /orders — the order history (spec §2): checks with their statuses and documents (bill, invoice, УПД, УПК), bill
 * requests, invoice PDF, certificates zip, «create from», «edit» and «claim».
 */
import type { TDocStatus, TOrderCheck, TOrderListItem } from '@portal/contracts';
import { CHECK_STATUS, billRequestRefusal, canEditOrder, canPrintInvoice, canRequestBill, formatPrice, formatUnixDate, reservationBadge } from '@portal/domain';
import { ActionIcon, Badge, Button, Card, Center, Group, Loader, Menu, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { openConfirmModal, usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconCertificate,
  IconCopy,
  IconDots,
  IconFileInvoice,
  IconMessageReport,
  IconPencil,
  IconReceipt,
  IconRefresh,
  IconShoppingBag,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
import { StatefulButton } from '../../shared/ui/stateful-button';
import { downloadCertificates, downloadInvoice } from './api/download-order-files';
import { getOrderDetail } from '../../shared/api/get-order-detail';
import { partnersQueryOptions } from '../../shared/api/get-partners';
import { orderDocumentsQueryOptions } from './api/get-order-documents';
import { useOrders } from './api/get-orders';
import { useRequestBill } from './api/request-bill';
import { ApprovalsSection } from './components/approvals-section';
import { useOrderStore } from './model/order-store';
import { fromDetail, heldByOrder } from './model/payload';
import { atTodaysPrices } from './model/todays-offers';

const DOCS: Array<{ key: keyof Omit<TDocStatus, 'id'>; label: string }> = [
  { key: 'StatusSchet', label: 'Счёт' },
  { key: 'StatusSF', label: 'Счёт-фактура' },
  { key: 'StatusUPD', label: 'УПД' },
  { key: 'StatusUPK', label: 'УПК' },
];

const statusColor = (status: number) => ({ 1: 'teal', 6: 'blue', 5: 'orange', 3: 'gray', 4: 'red', 2: 'violet' })[status] ?? 'gray';

export function OrdersPage() {
  usePrepareConfirmations();
  const orders = useOrders();
  const [params] = useSearchParams();
  const fresh = Number(params.get('n')) || null;
  const heldApproval = Number(params.get('approval')) || null;

  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="orders-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">История заказов</Title>
          <Text c="dimmed" size="sm">
            Заказы ваших компаний: счета по организациям, документы, печать счёта и сертификаты.
          </Text>
        </div>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void orders.refetch()} loading={orders.isFetching}>
          Обновить
        </Button>
      </Group>
      <ApprovalsSection highlighted={heldApproval} />
      {orders.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {orders.isError && (
        <Card withBorder>
          <Text c="red">Историю заказов загрузить не удалось: {(orders.error as Error).message}</Text>
        </Card>
      )}
      {orders.data?.length === 0 && (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconShoppingBag size={30} />
            </ThemeIcon>
            <Title order={2} size="h4">Заказов пока нет</Title>
            <Text c="dimmed" size="sm">
              Отправленные заказы появятся здесь.
            </Text>
          </Stack>
        </Card>
      )}
      {orders.data?.map((order) => <OrderCard key={order.n} order={order} highlighted={order.n === fresh} />)}
    </Stack>
  );
}

function OrderCard({ order, highlighted }: { order: TOrderListItem; highlighted: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const bill = useRequestBill();
  const [docs, setDocs] = useState<TDocStatus[] | null>(null);
  // The order a link names (after sending it, or from its e-mail) is brought into view as well as marked.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) card.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);

  const docOf = (check: TOrderCheck): TDocStatus => docs?.find((doc) => doc.id === check.doc_status.id) ?? check.doc_status;

  const refreshDocs = async () => {
    try {
      setDocs(await queryClient.fetchQuery({ ...orderDocumentsQueryOptions(order.n), staleTime: 0 }));
    } catch (error) {
      // Spec §8: a failed doc-status request shows every document as not ready and reports the error.
      setDocs(order.checks.map((check) => ({ id: check.doc_status.id, StatusSchet: false, StatusSF: false, StatusUPD: false, StatusUPK: false })));
      reportError('GET_DOC_STATUS', error);
    }
  };

  const load = async (mode: 'edit' | 'copy') => {
    try {
      const detail = await getOrderDetail(order.n);
      const companies = await queryClient.fetchQuery(partnersQueryOptions());
      // Each line is priced as a newly added line would be today: what the dealer sees is what the server charges.
      const working = await atTodaysPrices(
        fromDetail(detail, mode),
        companies.find((company) => company.uid === detail.partner_id),
        mode === 'edit' ? heldByOrder(detail) : undefined,
      );
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
    } catch (error) {
      reportError('GET_ORDER', error);
    }
  };

  const print = async () => {
    try {
      await downloadInvoice(order.n);
    } catch (error) {
      reportError('PRINT_INVOICE', error);
    }
  };

  const certificates = async () => {
    try {
      await downloadCertificates(order.n);
    } catch (error) {
      // Spec §8: certificate download failures are only logged; the dealer still gets a hint.
      console.error('certificates download failed', error);
      notifications.show({ color: 'orange', message: 'Сертификаты по этому заказу сейчас недоступны.' });
    }
  };

  const requestBill = async (check: TOrderCheck) => {
    try {
      await bill.mutateAsync({ n: order.n, guid: check.guid });
      notifications.show({ color: 'teal', message: `Счёт ${check.org_name} по заказу № ${order.n} запрошен.` });
    } catch (error) {
      reportError('REQUEST_CHECK', error);
    }
  };

  const editable = canEditOrder(order.checks);
  const reservation = reservationBadge(order.checks, order.preorder_count, order.total_count);
  // The server names an unnamed order «Заказ № n»: the title already says that, so only a dealer's own name is shown.
  const named = order.name.trim() !== '' && order.name !== `Заказ № ${order.n}`;

  return (
    <Card
      ref={card}
      withBorder
      radius="md"
      padding="md"
      data-testid={`order-${order.n}`}
      style={highlighted ? { borderColor: 'var(--mantine-color-teal-5)', boxShadow: '0 0 0 2px var(--mantine-color-teal-1)' } : undefined}
    >
      {/* Wraps on a phone: the total and the actions go under the order's title instead of past the card's edge. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} size="h4">Заказ № {order.n}</Title>
            <Badge color={reservation.color} variant="light" data-testid="order-reservation">
              {reservation.label}
            </Badge>
            {reservation.preorderNote && (
              // The page's own text colour on a light orange ground: orange letters on white fall below AA contrast.
              <Badge color="orange" variant="light" c="var(--mantine-color-text)" data-testid="order-preorder">
                {reservation.preorderNote}
              </Badge>
            )}
            {order.edit && (
              <Badge color="grape" variant="light">
                изменён
              </Badge>
            )}
            {order.upd && <Badge variant="outline">УПД</Badge>}
          </Group>
          {named && (
            <Text fw={600} data-testid="order-name" style={{ overflowWrap: 'anywhere' }}>
              {order.name}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {formatUnixDate(order.date)} · {order.partner_name} · {order.count} поз., {order.total_count} шт.
          </Text>
        </Stack>
        <Group gap="xs">
          <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(order.total)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {canPrintInvoice(order.checks) && (
              <StatefulButton variant="light" size="xs" leftSection={<IconFileInvoice size={14} />} onClick={print} data-testid="print-invoice">
                Счёт PDF
              </StatefulButton>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={`Действия с заказом ${order.n}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} disabled={!editable} onClick={() => void load('edit')}>
                  Редактировать
                </Menu.Item>
                <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void load('copy')}>
                  Создать на основе
                </Menu.Item>
                <Menu.Item leftSection={<IconCertificate size={14} />} onClick={() => void certificates()}>
                  Сертификаты (zip)
                </Menu.Item>
                <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => void refreshDocs()}>
                  Обновить статусы документов
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item leftSection={<IconMessageReport size={14} />} onClick={() => navigate(`${paths.claimRequest}?order=${order.n}`)}>
                  Рекламация
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Group>
      <Stack gap={6} mt="sm">
        {order.checks.map((check) => {
          const doc = docOf(check);
          return (
            <Group key={check.guid} data-testid={`check-${check.guid}`} justify="space-between" gap="xs" p={8} style={{ background: 'var(--mantine-color-gray-light)', borderRadius: 8 }}>
              <Group gap="xs">
                <IconReceipt size={16} />
                <Text size="sm" fw={600}>
                  {check.org_name}
                </Text>
                <Badge size="sm" color={statusColor(check.status)} variant="light">
                  {check.status_name}
                </Badge>
                <Text size="sm" c="dimmed">
                  {formatPrice(check.total)}
                </Text>
              </Group>
              <Group gap={4}>
                {DOCS.map(({ key, label }) => (
                  <Tooltip key={key} label={doc[key] ? `${label}: готов` : `${label}: ещё нет`}>
                    <Badge size="xs" variant={doc[key] ? 'filled' : 'outline'} color={doc[key] ? 'teal' : 'gray'}>
                      {label}
                    </Badge>
                  </Tooltip>
                ))}
                {canRequestBill(check.status) && (
                  <Button size="compact-xs" variant="subtle" onClick={() => void requestBill(check)} loading={bill.isPending && bill.variables?.guid === check.guid}>
                    Запросить счёт
                  </Button>
                )}
                {/* A pre-order check gets its bill later: say why instead of hiding the action without a word. */}
                {check.status === CHECK_STATUS.PREORDER && (
                  <Tooltip label={billRequestRefusal(check.status)} multiline w={280}>
                    <Button size="compact-xs" variant="subtle" data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
                      Запросить счёт
                    </Button>
                  </Tooltip>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
