/** One claim in the list: a summary line that opens to the message, products, files and the status history. */
import { Accordion, Badge, Grid, Group, Stack, Table, Text, ThemeIcon, Timeline, VisuallyHidden } from '@mantine/core';
import type { TClaim } from '@portal/contracts';
import { claimCaseName, claimStatusName, shortenCompanyName } from '@portal/domain';
import { IconCircleCheck, IconCircleDot, IconCircleX, IconMessageReport } from '@tabler/icons-react';
import dayjs from '../../../shared/lib/dayjs';
import { AttachedFiles } from '../../../shared/ui/attached-files';
import { CLAIM_STATUS_COLORS, ClaimStatusBadge } from './claim-status-badge';
import { StackedTable } from '../../../shared/ui/stacked-table';

const date = (iso: string) => dayjs(iso).format('DD.MM.YYYY');

function historyIcon(status: string) {
  if (status === 'approved' || status === 'partially_approved' || status === 'closed') return <IconCircleCheck size={14} />;
  if (status === 'rejected') return <IconCircleX size={14} />;
  return <IconCircleDot size={14} />;
}

export function ClaimItem({ claim }: { claim: TClaim }) {
  return (
    <Accordion.Item value={String(claim.id)} data-testid="claim-item">
      {/* Named by what it shows, «Рекламация:» said first (an aria-label would differ from the visible text). */}
      <Accordion.Control>
        <VisuallyHidden>Рекламация: </VisuallyHidden>
        <Group justify="space-between" wrap="wrap" gap="md" style={{ rowGap: 6 }}>
          <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '1 1 280px' }}>
            <ThemeIcon variant="light" color={CLAIM_STATUS_COLORS[claim.status] ?? 'gray'} size={40} radius="md" visibleFrom="xs">
              <IconMessageReport size={22} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Text fw={600} lineClamp={2}>
                {claim.title}
              </Text>
              <Text size="xs" c="dimmed">
                {claim.bitrix_id !== null ? `№${claim.bitrix_id}` : 'Номер присвоят после регистрации'} · от {date(claim.date_create)} ·{' '}
                {shortenCompanyName(claim.partner_name)}
                {claim.order_detail ? ` · заказ №${claim.order_detail.n}` : ''}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="outline" color="gray" radius="sm" visibleFrom="sm">
              {claimCaseName(claim.case)}
            </Badge>
            <ClaimStatusBadge status={claim.status} />
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Grid gap="lg" pt="xs">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                  Описание
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {claim.message}
                </Text>
              </div>
              {claim.products.length > 0 && (
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                    Товары
                  </Text>
                  <StackedTable withTableBorder verticalSpacing={6} fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Артикул</Table.Th>
                        <Table.Th>Наименование</Table.Th>
                        <Table.Th>Характеристика</Table.Th>
                        <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Кол-во</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {claim.products.map((product, i) => (
                        <Table.Tr key={`${product.article}-${product.characteristic}-${i}`}>
                          <Table.Td fw={500}>{product.article}</Table.Td>
                          <Table.Td>{product.name}</Table.Td>
                          <Table.Td>{product.characteristic || '—'}</Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{product.quantity} шт.</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </StackedTable>
                </div>
              )}
              {claim.files.length > 0 && (
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                    Фото и документы
                  </Text>
                  <AttachedFiles files={claim.files} thumbnails />
                </div>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
              История статусов
            </Text>
            <Timeline active={claim.history.length - 1} bulletSize={22} lineWidth={2} data-testid="claim-history">
              {claim.history.map((entry, i) => (
                <Timeline.Item key={`${entry.status}-${entry.date}-${i}`} bullet={historyIcon(entry.status)} color={CLAIM_STATUS_COLORS[entry.status] ?? 'gray'} title={claimStatusName(entry.status)}>
                  {entry.comment && (
                    <Text size="sm" c="dimmed">
                      {entry.comment}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={2}>
                    {dayjs(entry.date).format('DD.MM.YYYY HH:mm')}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Grid.Col>
        </Grid>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
