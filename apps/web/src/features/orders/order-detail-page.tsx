/**
 * /orders/:id — one placed order: its lines with sizes and prices, split into what is reserved from stock and what is
 * on pre-order; delivery and comment; the checks by selling organisation with their statuses, what 1C said of each
 * (its number in 1C, the payment and shipment days) and the documents the back office has sent (downloadable); the
 * status timeline; and the history card's actions.
 */
import type { TCheckErpState, TOrderDocumentFile, TOrderPage, TOrderPageCheck, TOrderPosition } from '@portal/contracts';
import { canEditOrder, canPrintInvoice, formatPrice, formatUnixDate, fromKopecks, lineAmountKopecks, russianDay, toKopecks } from '@portal/domain';
import { Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCertificate,
  IconCopy,
  IconDownload,
  IconFileInvoice,
  IconMessageReport,
  IconPencil,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { usePartners } from '../../shared/api/get-partners';
import { companyMay } from '../../shared/company-roles';
import { reportError } from '../../shared/errors';
import { usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { StackedTable } from '../../shared/ui/stacked-table';
import { StatefulButton } from '../../shared/ui/stateful-button';
import { downloadOrderDocument } from './api/download-order-files';
import { useOrderPage } from './api/get-order-page';
import { BillRequest } from './components/bill-request';
import { CheckSummary } from './components/check-summary';
import { OrderHeading } from './components/order-heading';
import { useOrderActions } from './model/use-order-actions';

const DELIVERY_CASES: Record<string, string> = { pickup: 'Самовывоз', delivery: 'Доставка', other: 'Другое' };

/** 'YYYY-MM-DD' → 'dd.mm.yyyy' (a delivery or document date as the back office gave it). */
const dayText = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? russianDay(day) : day);

const timeText = (seconds: number) =>
  new Date(seconds * 1000).toLocaleTimeString('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });

export function OrderDetailPage() {
  usePrepareConfirmations();
  const n = Number(useParams().id);
  const valid = Number.isInteger(n) && n > 0;
  const order = useOrderPage(valid ? n : 0);

  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="order-detail-page">
      <Anchor component={Link} to={paths.orders} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          История заказов
        </Group>
      </Anchor>
      {!valid && <Text c="red">Номер заказа в адресе — целое число больше 0.</Text>}
      {order.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {order.isError && (
        <Card withBorder>
          <Text c="red">Заказ загрузить не удалось: {(order.error as Error).message}</Text>
        </Card>
      )}
      {order.data && <OrderDetail order={order.data} />}
    </Stack>
  );
}

function OrderDetail({ order }: { order: TOrderPage }) {
  const actions = useOrderActions(order.n);
  // What the user's role allows in the order's company, as the history card decides it: an accountant sees the order
  // and its documents, not its edits or claims.
  const company = usePartners().data?.find((candidate) => candidate.uid === order.partner_id);
  const ordering = !company || companyMay(company, 'orders.place');
  const claiming = !company || companyMay(company, 'claims.file');

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <OrderHeading order={order} title={<Title order={1} size="h2">Заказ № {order.n}</Title>} />
        <Text fw={800} size="xl" style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
          {formatPrice(order.total)}
        </Text>
      </Group>

      <Group gap="xs" wrap="wrap" data-testid="order-actions">
        {ordering && (
          <Button variant="default" size="sm" leftSection={<IconPencil size={16} />} disabled={!canEditOrder(order.checks)} onClick={() => void actions.edit()}>
            Редактировать
          </Button>
        )}
        {ordering && (
          <Button variant="default" size="sm" leftSection={<IconCopy size={16} />} onClick={() => void actions.copy()}>
            Создать на основе
          </Button>
        )}
        {canPrintInvoice(order.checks) && (
          <StatefulButton variant="light" size="sm" leftSection={<IconFileInvoice size={16} />} onClick={actions.print} data-testid="print-invoice">
            Счёт PDF
          </StatefulButton>
        )}
        <StatefulButton variant="default" size="sm" leftSection={<IconCertificate size={16} />} onClick={actions.certificates}>
          Сертификаты
        </StatefulButton>
        {claiming && (
          <Button variant="default" size="sm" leftSection={<IconMessageReport size={16} />} onClick={actions.claim}>
            Рекламация
          </Button>
        )}
      </Group>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          Счета и документы
        </Title>
        <Stack gap="sm">
          {order.checks.map((check) => (
            <CheckBlock
              key={check.guid}
              check={check}
              documents={order.documents.filter((document) => document.check_guid === check.guid)}
              onRequestBill={() => void actions.requestBill(check)}
              billing={actions.billing === check.guid}
            />
          ))}
          {order.checks.length === 0 && <Text size="sm" c="dimmed">Счета появятся, когда заказ примет учётная система.</Text>}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          В резерве со склада
        </Title>
        {order.position.length > 0 ? <LinesTable positions={order.position} testId="order-lines-stock" /> : <Text size="sm" c="dimmed">Нет позиций со склада.</Text>}
        {order.position_presail.length > 0 && (
          <>
            <Title order={2} size="h4" mt="lg" mb="sm">
              Под заказ (предзаказ)
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              Этих единиц не было на складе: счёт на них выставят после поступления.
            </Text>
            <LinesTable positions={order.position_presail} testId="order-lines-preorder" />
          </>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="md" data-testid="order-delivery">
          <Title order={2} size="h4" mb="sm">
            Доставка и комментарий
          </Title>
          <Stack gap={6}>
            <Text size="sm">
              <b>{DELIVERY_CASES[order.delivery.case] ?? order.delivery.case}</b>
              {order.delivery.date && ` · ${dayText(order.delivery.date)}`}
              {order.delivery.cost > 0 && ` · ${formatPrice(order.delivery.cost)}`}
            </Text>
            {order.delivery.address && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {order.delivery.address}
              </Text>
            )}
            {order.delivery.bill_to && <Text size="sm">Счёт на: {order.delivery.bill_to}</Text>}
            <Text size="sm" c={order.comment ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="order-comment">
              {order.comment || 'Без комментария'}
            </Text>
            {order.request_certificate && <Text size="sm">Запрошены сертификаты</Text>}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="order-timeline">
          <Title order={2} size="h4" mb="sm">
            Хронология
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={order.timeline.length - 1}>
            {order.timeline.map((entry, index) => (
              <Timeline.Item key={`${entry.at}-${index}`} title={entry.text}>
                <Text size="xs" c="dimmed">
                  {formatUnixDate(entry.at)} {timeText(entry.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      </SimpleGrid>
    </>
  );
}

function CheckBlock({
  check,
  documents,
  onRequestBill,
  billing,
}: {
  check: TOrderPageCheck;
  documents: TOrderDocumentFile[];
  onRequestBill: () => void;
  billing: boolean;
}) {
  const download = async (document: TOrderDocumentFile) => {
    try {
      await downloadOrderDocument(document);
    } catch (error) {
      reportError('GET_ORDER_DOCUMENT', error);
    }
  };
  return (
    <Stack gap={6} p={10} style={{ background: 'var(--mantine-color-gray-light)', borderRadius: 8 }} data-testid={`check-${check.guid}`}>
      <Group gap="xs" justify="space-between">
        <CheckSummary check={check} />
        <BillRequest check={check} onRequest={onRequestBill} loading={billing} size="compact-sm" variant="light" />
      </Group>
      {check.erp && <ErpState erp={check.erp} />}
      {documents.length > 0 ? (
        <Group gap="xs" wrap="wrap">
          {documents.map((document) => (
            <Button
              key={document.id}
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} />}
              onClick={() => void download(document)}
              data-testid={`document-${document.kind}`}
              title={document.file_name}
            >
              {document.kind_name}
              {document.number && ` № ${document.number}`}
            </Button>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Документов пока нет.
        </Text>
      )}
    </Stack>
  );
}

/**
 * What 1C last said of the check — the number its documents (счёт, УПД) carry, and the days it was paid and shipped —
 * so that the dealer can match the portal's order with 1C's papers. Each part stays whole; the line wraps between them.
 */
function ErpState({ erp }: { erp: TCheckErpState }) {
  const parts = [
    erp.number && `№ в 1С ${erp.number}`,
    erp.paidOn && `оплачен ${russianDay(erp.paidOn)}`,
    erp.shippedOn && `отгружен ${russianDay(erp.shippedOn)}`,
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="check-erp">
      {parts.map((part, index) => (
        <span key={part}>
          {/* The dot keeps to the part before it: a wrapped line starts with a part, not with the dot. */}
          {index > 0 && '\u00a0· '}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </span>
      ))}
    </Text>
  );
}

/** One row per size: the unit price is the one charged, the sum the domain's line amount. */
function LinesTable({ positions, testId }: { positions: TOrderPosition[]; testId: string }) {
  return (
    <StackedTable striped data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Артикул</Table.Th>
          <Table.Th>Наименование</Table.Th>
          <Table.Th>Размер</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Кол-во</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Цена</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Сумма</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {positions.flatMap((position) =>
          position.characteristics.map((line) => (
            <Table.Tr key={`${position.guid}-${line.GUID}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{position.article}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{position.product.NAME}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.CHARACTERISTIC || '—'}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{line.count}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatPrice(line.PRICE)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatPrice(fromKopecks(lineAmountKopecks({ priceKopecks: toKopecks(line.PRICE), quantity: line.count })))}
              </Table.Td>
            </Table.Tr>
          )),
        )}
      </Table.Tbody>
    </StackedTable>
  );
}
