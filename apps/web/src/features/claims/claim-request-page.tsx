/**
 * /claims/request — file a claim: company, kind (case, 1 by default), products of an order with quantities, message,
 * photos and documents. Opened as /claims/request?order=<n> it first loads that order's detail and offers its lines.
 */
import { Alert, Anchor, Button, Checkbox, Grid, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { ZClaimRequestFieldsSchema, type TClaimProduct } from '@portal/contracts';
import { CLAIM_CASES, DEFAULT_CLAIM_CASE, claimCaseName, shortenCompanyName } from '@portal/domain';
import { IconMessageReport, IconPackage } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
import { useContractForm } from '../../shared/lib/use-contract-form';
import { useReportError } from '../../shared/lib/use-report-error';
import { FileDropzone } from '../../shared/ui/file-dropzone';
import { FormActions } from '../../shared/ui/form-actions';
import { PageHeader } from '../../shared/ui/page-header';
import { useFileClaim } from './api/file-claim';
import { usePartners } from '../../shared/api/get-partners';
import { useOrderDetail } from '../../shared/api/get-order-detail';
import { orderClaimLines } from './order-claim-lines';
import { StackedTable } from '../../shared/ui/stacked-table';

const parseOrder = (text: string | null) => (text && /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined);

export function ClaimRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const companies = usePartners();
  useReportError('GET_PARTNERS', companies.error);
  const submit = useFileClaim();

  const [orderText, setOrderText] = useState(params.get('order') ?? '');
  const [loadedOrder, setLoadedOrder] = useState<number | undefined>(parseOrder(params.get('order')));
  const detail = useOrderDetail(loadedOrder);
  useReportError('GET_ORDER_DETAIL', detail.error);
  const lines = useMemo(() => orderClaimLines(detail.data), [detail.data]);

  // Title and message follow the claim's contract; the company is a choice, worded for a person.
  const form = useContractForm({
    initialValues: { partner: '', title: '', message: '' },
    schema: ZClaimRequestFieldsSchema.pick({ title: true, message: true }),
    checks: (values) => ({ partner: values.partner ? null : 'Выберите компанию' }),
  });
  const partner = form.values.partner;
  const [claimCase, setClaimCase] = useState<string>(String(DEFAULT_CLAIM_CASE));
  const [files, setFiles] = useState<File[]>([]);
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [productsError, setProductsError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  // The company is the order's when a claim starts from an order, else the first one.
  // Set only on a change: setting the same value re-renders the form, and an effect that does so every render never ends.
  const { setFieldValue } = form;
  const chosen = detail.data?.partner_id || partner || companies.data?.[0]?.uid || '';
  useEffect(() => {
    if (chosen !== partner) setFieldValue('partner', chosen);
  }, [chosen, partner, setFieldValue]);
  useEffect(() => setPicked({}), [loadedOrder]);

  const orderLinked = loadedOrder !== undefined && detail.isSuccess;
  const autoTitle = `${claimCaseName(Number(claimCase))}${orderLinked ? ` по заказу №${loadedOrder}` : ''}`;

  const pickedProducts = (): TClaimProduct[] =>
    lines
      .filter((line) => (picked[line.guid] ?? 0) > 0)
      .map((line) => ({ guid: line.guid, article: line.article, name: line.name, characteristic: line.characteristic, quantity: picked[line.guid]! }));
  const productsProblem = (pickedCount: number) =>
    orderLinked && pickedCount === 0 ? 'Отметьте товары заказа, по которым рекламация, и их количество' : null;

  function pick(next: Record<string, number>) {
    setPicked(next);
    // The lines' error goes as soon as a line is ticked, like a field's.
    if (productsError) setProductsError(productsProblem(lines.filter((line) => (next[line.guid] ?? 0) > 0).length));
  }

  async function send(values: typeof form.values) {
    const products = pickedProducts();
    const problem = productsProblem(products.length);
    setProductsError(problem);
    setServerError(null);
    if (problem) return;
    // An order whose detail did not load is named in the text instead of being linked.
    const unlinked = loadedOrder !== undefined && !orderLinked ? `\n\nЗаказ №${loadedOrder}.` : '';
    try {
      const { id } = await submit.mutateAsync({
        partnerGuid: values.partner,
        case: Number(claimCase),
        title: values.title.trim() || autoTitle,
        message: values.message.trim() + unlinked,
        order: orderLinked ? loadedOrder : undefined,
        products,
        files,
      });
      navigate(`${paths.claimSuccess}?id=${id}`);
    } catch (error) {
      setServerError((error as Error).message);
      reportError('ADD_CLAIM', error);
    }
  }

  return (
    <Stack gap="lg" maw={1080}>
      <PageHeader
        icon={<IconMessageReport size={26} stroke={1.6} />}
        title="Новая рекламация"
        text="Опишите проблему и приложите фото — менеджер рассмотрит рекламацию и ответит в её истории"
      />

      <Paper component="form" withBorder radius="md" p="lg" onSubmit={form.onSubmit(send, () => setProductsError(productsProblem(pickedProducts().length)))} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label="Компания"
              data={(companies.data ?? []).map((c) => ({ value: c.uid, label: shortenCompanyName(c.name) }))}
              {...form.getInputProps('partner')}
              placeholder={companies.isPending ? 'Загружаем компании…' : 'Выберите компанию'}
              withAsterisk
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label="Вид рекламации"
              data={Object.entries(CLAIM_CASES).map(([value, label]) => ({ value, label }))}
              value={claimCase}
              onChange={(value) => setClaimCase(value ?? String(DEFAULT_CLAIM_CASE))}
              allowDeselect={false}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={12}>
            {/* The button goes under the field when both do not fit (a phone), so the field keeps a usable width. */}
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Заказ"
                description="Номер заказа, по которому рекламация, — чтобы выбрать товары из него"
                placeholder="Например, 10001"
                value={orderText}
                onChange={(event) => setOrderText(event.currentTarget.value.replace(/\D/g, ''))}
                style={{ flex: '1 1 14rem' }}
                inputMode="numeric"
              />
              <Button
                variant="light"
                leftSection={<IconPackage size={18} />}
                onClick={() => setLoadedOrder(parseOrder(orderText))}
                disabled={parseOrder(orderText) === undefined || parseOrder(orderText) === loadedOrder}
              >
                Загрузить товары
              </Button>
            </Group>
          </Grid.Col>
          {loadedOrder !== undefined && (
            <Grid.Col span={12}>
              <OrderLines
                order={loadedOrder}
                state={detail.isPending ? 'loading' : detail.isError ? 'failed' : 'loaded'}
                failure={detail.error?.message}
                lines={lines}
                picked={picked}
                onPick={pick}
                error={productsError ?? undefined}
              />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <TextInput label="Тема" placeholder={autoTitle} maxLength={200} {...form.getInputProps('title')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Описание проблемы"
              placeholder="Что не так с товаром, когда обнаружено, сколько единиц"
              autosize
              minRows={4}
              maxLength={5000}
              {...form.getInputProps('message')}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <FileDropzone files={files} onChange={setFiles} label="Фото и документы (акт, накладная)" />
          </Grid.Col>
        </Grid>
        <FormActions error={serverError} cancelTo={paths.claims} submitLabel="Отправить рекламацию" submitting={submit.isPending} />
      </Paper>
    </Stack>
  );
}

interface OrderLinesProps {
  order: number;
  state: 'loading' | 'failed' | 'loaded';
  failure?: string;
  lines: ReturnType<typeof orderClaimLines>;
  picked: Record<string, number>;
  onPick: (picked: Record<string, number>) => void;
  error?: string;
}

function OrderLines({ order, state, failure, lines, picked, onPick, error }: OrderLinesProps) {
  if (state === 'loading') return <Text size="sm" c="dimmed">Загружаем заказ №{order}…</Text>;
  if (state === 'failed') {
    return (
      <Alert color="yellow" title={`Заказ №${order} не загрузился`}>
        {failure ? `${failure} ` : ''}Перечислите товары и их количество в описании — номер заказа попадёт в рекламацию текстом.{' '}
        <Anchor component={Link} to={paths.orders} size="sm">
          Открыть историю заказов
        </Anchor>
      </Alert>
    );
  }
  if (lines.length === 0) return <Alert color="gray">В заказе №{order} нет товаров, по которым можно подать рекламацию.</Alert>;
  const set = (guid: string, quantity: number) => onPick({ ...picked, [guid]: quantity });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Товары заказа №{order}
      </Text>
      <Paper withBorder radius="sm">
        <StackedTable verticalSpacing={6} data-testid="claim-order-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>Артикул</Table.Th>
              <Table.Th>Наименование</Table.Th>
              <Table.Th>Характеристика</Table.Th>
              <Table.Th ta="right">В заказе</Table.Th>
              <Table.Th w={140}>В рекламации</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const quantity = picked[line.guid] ?? 0;
              return (
                <Table.Tr key={line.guid}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Выбрать ${line.article} ${line.characteristic}`}
                      checked={quantity > 0}
                      onChange={(event) => set(line.guid, event.currentTarget.checked ? 1 : 0)}
                    />
                  </Table.Td>
                  <Table.Td fw={500}>{line.article}</Table.Td>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td>{line.characteristic || '—'}</Table.Td>
                  <Table.Td ta="right">{line.ordered} шт.</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Количество ${line.article} ${line.characteristic}`}
                      size="xs"
                      min={0}
                      max={line.ordered}
                      step={1}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      value={quantity}
                      onChange={(value) => set(line.guid, Math.min(line.ordered, Math.max(0, Number(value) || 0)))}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </StackedTable>
      </Paper>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
