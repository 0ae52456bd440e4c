/**
 * /orders — the order history (spec §2): search (number, article, comment), filters (status, company, calendar month),
 * a page at a time; each card shows the checks with their statuses and documents, bill requests, invoice PDF,
 * certificates zip, «create from», «edit» and «claim», and opens the order's detail page.
 */
import type { TDocStatus, TOrderCheck, TOrderListItem } from '@portal/contracts';
import { CHECK_STATUS_NAMES, canEditOrder, canPrintInvoice, formatPrice } from '@portal/domain';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Menu, Select, Stack, Text, TextInput, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconCertificate,
  IconCopy,
  IconDots,
  IconEye,
  IconFileInvoice,
  IconMessageReport,
  IconPencil,
  IconRefresh,
  IconSearch,
  IconShoppingBag,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
// The month picker's names of months in Russian.
import '../../shared/lib/dayjs';
import { usePartners } from '../../shared/api/get-partners';
import { usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { StatefulButton } from '../../shared/ui/stateful-button';
import { companyMay } from '../../shared/company-roles';
import { orderDocumentsQueryOptions } from './api/get-order-documents';
import { NO_FILTERS, useOrderHistory, type OrderHistoryFilters } from './api/get-order-history';
import { ApprovalsSection } from './components/approvals-section';
import { BillRequest } from './components/bill-request';
import { CheckSummary } from './components/check-summary';
import { LinkedCard } from './components/linked-card';
import { OrderHeading } from './components/order-heading';
import { useOrderActions } from './model/use-order-actions';

const DOCS: Array<{ key: keyof Omit<TDocStatus, 'id'>; label: string }> = [
  { key: 'StatusSchet', label: 'Счёт' },
  { key: 'StatusSF', label: 'Счёт-фактура' },
  { key: 'StatusUPD', label: 'УПД' },
  { key: 'StatusUPK', label: 'УПК' },
];


export function OrdersPage() {
  usePrepareConfirmations();
  const [params, setParams] = useSearchParams();
  const fresh = Number(params.get('n')) || null;
  // The filters live in the address, so a filtered history can be reloaded, shared and come back to.
  const filters: OrderHistoryFilters = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    company: params.get('company') ?? '',
    month: params.get('month') ?? '',
  };
  const history = useOrderHistory(filters);
  const orders = history.data?.pages.flatMap((page) => page.items);
  const filtered = Object.values(filters).some((value) => value !== '');
  const setFilters = (next: Partial<OrderHistoryFilters>) => {
    const merged = { ...filters, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')), { replace: true });
  };
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
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void history.refetch()} loading={history.isFetching && !history.isFetchingNextPage}>
          Обновить
        </Button>
      </Group>
      <ApprovalsSection highlighted={heldApproval} />
      <HistoryFilters filters={filters} onChange={setFilters} />
      {/* A link to an order (its e-mail, a notification) that this page does not show opens its own page. */}
      {fresh !== null && orders !== undefined && !orders.some((order) => order.n === fresh) && (
        <Alert color="blue" variant="light" data-testid="order-link-notice">
          <Anchor component={Link} to={paths.orderDetail(fresh)}>
            Открыть заказ № {fresh}
          </Anchor>
        </Alert>
      )}
      {history.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {history.isError && (
        <Card withBorder>
          <Text c="red">Историю заказов загрузить не удалось: {(history.error as Error).message}</Text>
        </Card>
      )}
      {orders?.length === 0 && (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconShoppingBag size={30} />
            </ThemeIcon>
            <Title order={2} size="h4">{filtered ? 'Ничего не найдено' : 'Заказов пока нет'}</Title>
            <Text c="dimmed" size="sm" ta="center">
              {filtered ? 'Измените поиск или фильтры.' : 'Отправленные заказы появятся здесь.'}
            </Text>
            {filtered && (
              <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                Сбросить фильтры
              </Button>
            )}
          </Stack>
        </Card>
      )}
      {orders?.map((order) => <OrderCard key={order.n} order={order} highlighted={order.n === fresh} />)}
      {history.hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} data-testid="orders-more">
            Показать ещё
          </Button>
        </Center>
      )}
    </Stack>
  );
}

const STATUS_OPTIONS = Object.entries(CHECK_STATUS_NAMES).map(([value, label]) => ({ value, label }));

/** Search (applied on Enter or «Найти»), status, company and a calendar month (spec §5). */
function HistoryFilters({ filters, onChange }: { filters: OrderHistoryFilters; onChange: (next: Partial<OrderHistoryFilters>) => void }) {
  const companies = usePartners();
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  const month = filters.month ? `${filters.month}-01` : null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="orders-filters">
      <form
        style={{ flex: '2 1 260px' }}
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: text.trim() });
        }}
      >
        <TextInput
          label="Поиск"
          placeholder="Номер, артикул или комментарий"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={100}
          leftSection={<IconSearch size={16} />}
          rightSectionWidth={70}
          rightSection={
            <Button type="submit" size="compact-sm" variant="light">
              Найти
            </Button>
          }
          data-testid="orders-search"
        />
      </form>
      <Select
        label="Статус"
        placeholder="Любой"
        data={STATUS_OPTIONS}
        value={filters.status || null}
        onChange={(value) => onChange({ status: value ?? '' })}
        clearable
        style={{ flex: '1 1 160px' }}
        data-testid="orders-status"
      />
      <Select
        label="Компания"
        placeholder="Все"
        data={(companies.data ?? []).map((company) => ({ value: company.uid, label: company.name }))}
        value={filters.company || null}
        onChange={(value) => onChange({ company: value ?? '' })}
        clearable
        style={{ flex: '1 1 200px' }}
        data-testid="orders-company"
      />
      <MonthPickerInput
        label="Месяц"
        placeholder="За всё время"
        valueFormat="MMMM YYYY"
        value={month}
        onChange={(value) => onChange({ month: value ? String(value).slice(0, 7) : '' })}
        clearable
        style={{ flex: '1 1 160px' }}
        data-testid="orders-month"
      />
    </Group>
  );
}

function OrderCard({ order, highlighted }: { order: TOrderListItem; highlighted: boolean }) {
  const queryClient = useQueryClient();
  const actions = useOrderActions(order.n);
  const [docs, setDocs] = useState<TDocStatus[] | null>(null);
  // What the user's role allows in the order's company: an accountant sees the order and its documents, not its edits.
  const company = usePartners().data?.find((candidate) => candidate.uid === order.partner_guid);
  const ordering = !company || companyMay(company, 'orders.place');
  const claiming = !company || companyMay(company, 'claims.file');

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

  const editable = canEditOrder(order.checks);

  return (
    // The order a link names (after sending it, or from its e-mail) is brought into view as well as marked.
    <LinkedCard highlighted={highlighted} colour="teal" data-testid={`order-${order.n}`} data-order-card>
      {/* Wraps on a phone: the total and the actions go under the order's title instead of past the card's edge. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <OrderHeading
          order={order}
          title={
            <Title order={2} size="h4">
              <Anchor component={Link} to={paths.orderDetail(order.n)} inherit data-testid="order-open">
                Заказ № {order.n}
              </Anchor>
            </Title>
          }
        >
          {order.upd && <Badge variant="outline">УПД</Badge>}
        </OrderHeading>
        <Group gap="xs">
          <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(order.total)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {canPrintInvoice(order.checks) && (
              <StatefulButton variant="light" size="xs" leftSection={<IconFileInvoice size={14} />} onClick={actions.print} data-testid="print-invoice">
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
                <Menu.Item leftSection={<IconEye size={14} />} component={Link} to={paths.orderDetail(order.n)}>
                  Подробнее
                </Menu.Item>
                {ordering && (
                  <Menu.Item leftSection={<IconPencil size={14} />} disabled={!editable} onClick={() => void actions.edit()}>
                    Редактировать
                  </Menu.Item>
                )}
                {ordering && (
                  <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void actions.copy()}>
                    Создать на основе
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconCertificate size={14} />} onClick={() => void actions.certificates()}>
                  Сертификаты (zip)
                </Menu.Item>
                <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => void refreshDocs()}>
                  Обновить статусы документов
                </Menu.Item>
                {claiming && <Menu.Divider />}
                {claiming && (
                  <Menu.Item leftSection={<IconMessageReport size={14} />} onClick={actions.claim}>
                    Рекламация
                  </Menu.Item>
                )}
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
              <CheckSummary check={check} />
              <Group gap={4}>
                {DOCS.map(({ key, label }) => (
                  <Tooltip key={key} label={doc[key] ? `${label}: готов` : `${label}: ещё нет`}>
                    <Badge size="xs" variant={doc[key] ? 'filled' : 'outline'} color={doc[key] ? 'teal' : 'gray'}>
                      {label}
                    </Badge>
                  </Tooltip>
                ))}
                <BillRequest
                  check={check}
                  onRequest={() => void actions.requestBill(check)}
                  loading={actions.billing === check.guid}
                  size="compact-xs"
                  variant="subtle"
                />
              </Group>
            </Group>
          );
        })}
      </Stack>
    </LinkedCard>
  );
}
