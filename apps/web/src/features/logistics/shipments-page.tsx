/** /shipments — the shipment requests of the user's companies, by bitrix_id descending (spec §4), with an empty state. */
import { Anchor, Button, Paper, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TShipment } from '@portal/contracts';
import { shortenCompanyName } from '@portal/domain';
import { IconMapPin, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import dayjs from '../../shared/lib/dayjs';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useReportError } from '../../shared/lib/use-report-error';
import { AttachedFiles } from '../../shared/ui/attached-files';
import { EmptyState } from '../../shared/ui/empty-state';
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert';
import { PageHeader } from '../../shared/ui/page-header';
import stackedTable from '../../shared/ui/stacked-table.module.css';
import { useShipments } from './api/get-shipments';
import { ShipmentStatusBadge } from './components/shipment-status-badge';

export function ShipmentsPage() {
  const shipments = useShipments();
  useReportError('GET_SHIPMENTS', shipments.error);

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader
        icon={<IconTruckDelivery size={26} stroke={1.6} />}
        title="Отгрузки"
        text="Заявки на отгрузку заказов ваших компаний и их статусы"
        actions={
          <>
            <Button component={Link} to={paths.deliveryAddresses} variant="default" leftSection={<IconMapPin size={18} />}>
              Адреса доставки
            </Button>
            <Button component={Link} to={paths.shipmentRequest} leftSection={<IconPlus size={18} />}>
              Заявка на отгрузку
            </Button>
          </>
        }
      />
      {shipments.isPending ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        </Paper>
      ) : shipments.isError ? (
        <LoadFailedAlert title="Отгрузки не загрузились" error={shipments.error} onRetry={() => void shipments.refetch()} />
      ) : shipments.data.length === 0 ? (
        <EmptyShipments />
      ) : (
        <ShipmentsTable shipments={shipments.data} />
      )}
    </Stack>
  );
}

function EmptyShipments() {
  return (
    <EmptyState
      data-testid="shipments-empty"
      icon={<IconTruckDelivery size={34} stroke={1.5} />}
      title="Заявок на отгрузку пока нет"
      text="Когда заказ собран, подайте заявку: выберите заказ, адрес и удобную дату — менеджер подтвердит отгрузку."
      action={
        <Button component={Link} to={paths.shipmentRequest} mt="sm" leftSection={<IconPlus size={18} />}>
          Подать заявку
        </Button>
      }
    />
  );
}

function ShipmentsTable({ shipments }: { shipments: TShipment[] }) {
  return (
    <Paper withBorder radius="md">
      <div className={stackedTable.frame}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={stackedTable.table} miw={{ base: 0, sm: 900 }} data-testid="shipments-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>№</Table.Th>
              <Table.Th>Компания</Table.Th>
              <Table.Th>Заказ</Table.Th>
              <Table.Th>Адрес доставки</Table.Th>
              <Table.Th>Дата отгрузки</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>Файлы</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipments.map((shipment) => (
              <Table.Tr key={shipment.id} data-testid="shipment-row">
                <Table.Td>
                  {shipment.bitrix_id !== null ? (
                    <Text fw={600}>{shipment.bitrix_id}</Text>
                  ) : (
                    <Tooltip label={`Заявка №П-${shipment.id} ещё не зарегистрирована менеджером`}>
                      <Text size="sm" c="dimmed">
                        П-{shipment.id}
                      </Text>
                    </Tooltip>
                  )}
                  <Text size="xs" c="dimmed">
                    от {dayjs(shipment.created_at).format('DD.MM.YYYY')}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Компания">
                  <Text size="sm">{shortenCompanyName(shipment.partner_name)}</Text>
                </Table.Td>
                <Table.Td data-label="Заказ">
                  {shipment.order !== null ? (
                    <Anchor component={Link} to={paths.orders} size="sm">
                      №{shipment.order}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={{ sm: 360 }} data-label="Адрес доставки">
                  <Text size="sm">{shipment.address}</Text>
                  {shipment.comment && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {shipment.comment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Дата отгрузки">
                  <Text size="sm">{dayjs(shipment.date).format('DD.MM.YYYY')}</Text>
                </Table.Td>
                <Table.Td data-label="Статус">
                  <ShipmentStatusBadge status={shipment.status} />
                </Table.Td>
                <Table.Td data-label="Файлы">
                  {shipment.files.length > 0 ? <AttachedFiles files={shipment.files} /> : <Text size="sm" c="dimmed">—</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}
