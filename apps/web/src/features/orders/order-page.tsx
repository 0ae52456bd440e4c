/**
 * /order/:article? — the working order (spec §2/§4): available and pre-order lists, company and contract with the
 * debt, limit and what is left after this order, delivery, bags, comment, certificates, and the submit button.
 */
import { contractsOf, type Position, type TCompany, type TStorage } from '@portal/contracts';
import { PREORDER_BILLING, PREORDER_NAME, formatPrice, formatUnixDate, fromKopecks, organisationName } from '@portal/domain';
import { Badge, Button, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { openConfirmModal, usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconListDetails, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { AfterFirstPaint, OnceOpened, once } from '../../shared/lib/lazy-page';
import { usePartners } from '../../shared/api/get-partners';
import { useCompanyInUse } from '../../shared/company-in-use';
import { companyMay } from '../../shared/company-roles';
import payBar from './components/order-checkout.module.css';
import { useOrderStore } from './model/order-store';
import { lineUnits, priceWorkingOrder, type OrderList } from './model/working-order';
import { companyPrices, forCompany, withFullPrices } from './model/reprice';
import { reportError } from '../../shared/errors';

// The modals load the first time they open: the page's first screen does not wait for their code.
const AddPositionModal = lazy(() => import('./components/add-position-modal').then((m) => ({ default: m.AddPositionModal })));
const QuickOrderModal = lazy(() => import('./components/quick-order-modal').then((m) => ({ default: m.QuickOrderModal })));
const DraftsModal = lazy(() => import('./components/drafts-modal').then((m) => ({ default: m.DraftsModal })));
// The lines' table (quantity fields, tooltips, the order schema's limits) loads with the first list of lines to show:
// an empty order's page paints without it.
const OrderLinesTable = lazy(() => import('./components/order-lines-table').then((m) => ({ default: m.OrderLinesTable })));
// The form below the first screen (components/order-checkout.tsx), loaded once the page has painted.
const loadCheckout = once(() => import('./components/order-checkout'));
const OrderDelivery = lazy(() => loadCheckout().then((m) => ({ default: m.OrderDelivery })));
const OrderSummary = lazy(() => loadCheckout().then((m) => ({ default: m.OrderSummary })));

export function OrderPage() {
  usePrepareConfirmations();
  const { article } = useParams();
  const navigate = useNavigate();
  const order = useOrderStore((state) => state.order);
  const { add, setCount, remove, patch, reset, replace } = useOrderStore.getState();
  const partners = usePartners(order.edit ? order.number : undefined);
  const [adding, setAdding] = useState(Boolean(article));
  const [quick, setQuick] = useState(false);
  const [drafts, setDrafts] = useState(false);

  // Only the companies where the user's role orders (the server refuses the others anyway).
  const companies = useMemo(() => (partners.data ?? []).filter((candidate) => companyMay(candidate, 'orders.place')), [partners.data]);
  const company: TCompany | undefined = companies.find((candidate) => candidate.uid === order.partner_id);
  const contracts = useMemo(() => company?.storages ?? [], [company]);
  const contract: TStorage | undefined = contracts.find((candidate) => candidate.guid === order.storage) ?? contracts[0];
  const empty = order.position.length === 0 && order.position_presail.length === 0;

  // An order without lines is for the company in use (whose prices the catalogue showed); one with lines keeps its own.
  const inUse = useCompanyInUse();
  const inUseCompany = inUse.company;
  useEffect(() => {
    if (inUseCompany && companyMay(inUseCompany, 'orders.place') && !order.edit && (!order.partner_id || (empty && order.partner_id !== inUseCompany.uid))) {
      patch({ partner_id: inUseCompany.uid, storage: inUseCompany.storages[0]?.guid, contracts: contractsOf(inUseCompany.storages) });
    }
  }, [inUseCompany, order.edit, order.partner_id, empty, patch]);

  // The order is priced with its company's contracts as they are now (a discount may have changed since it was saved).
  useEffect(() => {
    if (!company) return;
    const current = contractsOf(company.storages);
    if (JSON.stringify(current) !== JSON.stringify(order.contracts ?? [])) patch({ contracts: current });
  }, [company, order.contracts, patch]);

  // Checks per organisation and totals in kopecks, by the same rule the server applies.
  const priced = useMemo(() => priceWorkingOrder(order, order.contracts ?? []), [order]);

  useEffect(() => {
    if (article) setAdding(true);
  }, [article]);

  // The company the lines are being repriced for (its prices are on their way); the order is not sent meanwhile.
  const [repricingFor, setRepricingFor] = useState<string>();
  const chooseCompany = async (uid: string | null) => {
    const next = companies.find((candidate) => candidate.uid === uid);
    if (!next || next.uid === order.partner_id) return;
    inUse.choose(next.uid);
    // Discounts follow the contracts of the chosen company at once; its prices (price types) follow as they come.
    replace(forCompany(order, next));
    if (empty) return;
    setRepricingFor(next.uid);
    try {
      const prices = await companyPrices(order, next);
      // Only while the order is still for that company (another switch may have come since).
      const current = useOrderStore.getState().order;
      if (current.partner_id === next.uid) replace(withFullPrices(current, prices));
    } catch (error) {
      reportError('GET_PRICES', error);
    } finally {
      setRepricingFor((pending) => (pending === next.uid ? undefined : pending));
    }
  };

  const contractLabel = (organisation: string) => {
    const name = organisationName(organisation);
    const own = contracts.find((candidate) => candidate.guid === organisation);
    return own ? `${name} · договор ${own.contract}` : `${name} · нет договора`;
  };

  /** Typing into one row of a split line changes the whole line; what moves to or from pre-order is said aloud. */
  const changeCount = (list: OrderList, guid: string, lineGuid: string, count: number) => {
    const before = lineUnits(order, guid, lineGuid);
    setCount(list, guid, lineGuid, count);
    const after = lineUnits(useOrderStore.getState().order, guid, lineGuid);
    const typedPart = list === 'position' ? 'inStock' : 'preorder';
    const otherPart = list === 'position' ? 'preorder' : 'inStock';
    if (before[otherPart] === after[otherPart] || (after.inStock === 0 && after.preorder === 0)) return;
    const line = [...order.position, ...order.position_presail].find((item) => item.guid === guid);
    const size = line?.characteristics.find((candidate) => candidate.GUID === lineGuid)?.CHARACTERISTIC ?? '';
    notifications.show({
      color: 'orange',
      title: `${line?.article ?? ''} ${size}`.trim(),
      message: `Всего ${after.inStock + after.preorder} шт.: в наличии ${after.inStock}, под заказ ${after.preorder}` +
        (typedPart === 'inStock' && before.preorder > after.preorder ? ` (предзаказ был ${before.preorder} шт.)` : '') + '.',
      autoClose: 8_000,
    });
  };

  // What this order adds to the chosen contract's debt: its check with that contract's organisation, as invoiced.
  const contractOrderKopecks = priced.checks.find((check) => check.organisation === contract?.guid)?.totalKopecks ?? 0;

  const confirmClear = () =>
    openConfirmModal({
      title: 'Очистить заказ?',
      children: <Text size="sm">Все позиции будут убраны из текущего заказа.</Text>,
      labels: { confirm: 'Очистить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: reset,
    });

  /** Adds positions and says how many units the order took (counted in the order, so the message never claims more). */
  const onAdd = (positions: Position[]) => {
    const units = add(positions);
    if (units > 0) notifications.show({ color: 'teal', message: `Добавлено в заказ: ${units} шт.` });
    return units;
  };

  /** The lines of one list (in stock, or pre-order); its table's code loads after the page has painted. */
  const linesOf = (list: OrderList) => (
    <Suspense fallback={null}>
      <OrderLinesTable
        list={list}
        positions={order[list]}
        onCount={(g, l, n) => changeCount(list, g, l, n)}
        onRemove={remove}
        contractLabel={contractLabel}
      />
    </Suspense>
  );

  return (
    <Stack gap="lg" maw={1280} mx="auto" data-testid="order-page" className={payBar.clearOfPayBar}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">{order.edit && order.number ? `Изменение заказа № ${order.number}` : 'Заказ'}</Title>
          <Text c="dimmed" size="sm">
            {order.edit && order.number
              ? `Номер и дата заказа (${formatUnixDate(order.date / 1000)}) сохранятся.`
              : 'Количество сверх остатка автоматически уходит в предзаказ.'}
          </Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Добавить товар
          </Button>
          <Button variant="light" leftSection={<IconListDetails size={16} />} onClick={() => setQuick(true)}>
            Быстрый заказ
          </Button>
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setDrafts(true)}>
            Черновики
          </Button>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} disabled={empty} onClick={confirmClear}>
            Очистить
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {empty ? (
              <Card withBorder radius="md" padding="xl">
                <Stack align="center" gap="xs" py="xl">
                  <ThemeIcon size={56} radius="xl" variant="light">
                    <IconShoppingCart size={30} />
                  </ThemeIcon>
                  <Title order={2} size="h4">В заказе пока нет товаров</Title>
                  <Text c="dimmed" size="sm" ta="center" maw={420}>
                    Найдите товар по артикулу или названию, вставьте список в «Быстрый заказ» или продолжите по черновику.
                  </Text>
                  <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                    Добавить товар
                  </Button>
                </Stack>
              </Card>
            ) : (
              <>
                <Card withBorder radius="md" padding="md">
                  <Group justify="space-between" mb="xs">
                    <Group gap="xs">
                      <Title order={2} size="h4">В наличии</Title>
                      <Badge variant="light" color="teal">
                        {order.position.reduce((sum, p) => sum + p.characteristics.reduce((s, l) => s + l.count, 0), 0)} шт.
                      </Badge>
                    </Group>
                    <Text fw={600}>{formatPrice(fromKopecks(priced.totals.goodsKopecks - priced.totals.preorderKopecks))}</Text>
                  </Group>
                  {order.position.length > 0 ? (
                    linesOf('position')
                  ) : (
                    <Text c="dimmed" size="sm">
                      Всё, что вы выбрали, сейчас под заказ.
                    </Text>
                  )}
                </Card>
                {order.position_presail.length > 0 && (
                  <Card withBorder radius="md" padding="md" style={{ borderColor: 'var(--mantine-color-orange-3)' }}>
                    <Group justify="space-between" mb="xs">
                      <Group gap="xs">
                        <Title order={2} size="h4">{PREORDER_NAME}</Title>
                        <Badge variant="light" color="orange">
                          {order.position_presail.reduce((sum, p) => sum + p.characteristics.reduce((s, l) => s + l.count, 0), 0)} шт.
                        </Badge>
                      </Group>
                      <Text fw={600} data-testid="presale-total">{formatPrice(order.total_presail)}</Text>
                    </Group>
                    <Text size="xs" c="dimmed" mb="xs">
                      Эти позиции превышают остаток: склад не резервирует их, они придут со следующей поставкой; {PREORDER_BILLING}. Сейчас счёт — только на товар в резерве.
                    </Text>
                    {linesOf('position_presail')}
                  </Card>
                )}
              </>
            )}

            <AfterFirstPaint>
              <OrderDelivery order={order} patch={patch} />
            </AfterFirstPaint>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <AfterFirstPaint>
            <OrderSummary
              order={order}
              patch={patch}
              companies={companies}
              companiesLoading={partners.isLoading}
              companyChosen={Boolean(company)}
              onChooseCompany={(uid) => void chooseCompany(uid)}
              contracts={contracts}
              contract={contract}
              contractOrderKopecks={contractOrderKopecks}
              deliveryKopecks={priced.totals.deliveryKopecks}
              repricing={repricingFor !== undefined}
              canSubmit={!empty && Boolean(company) && repricingFor === undefined}
            />
          </AfterFirstPaint>
        </Grid.Col>
      </Grid>

      <OnceOpened opened={adding}>
        <AddPositionModal
          opened={adding}
          onClose={() => {
            setAdding(false);
            if (article) navigate(paths.order(), { replace: true });
          }}
          onAdd={(position) => onAdd([position])}
          contracts={contracts}
          partner={company?.uid}
          initialQuery={article}
        />
      </OnceOpened>
      <OnceOpened opened={quick}>
        <QuickOrderModal opened={quick} onClose={() => setQuick(false)} onAdd={onAdd} contracts={contracts} priceType={contracts[0]?.pricetype} />
      </OnceOpened>
      <OnceOpened opened={drafts}>
        <DraftsModal opened={drafts} onClose={() => setDrafts(false)} />
      </OnceOpened>
    </Stack>
  );
}
