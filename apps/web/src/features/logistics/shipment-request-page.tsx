/** /shipments/request — the shipment request form: order, address (saved or suggested), date, comment, files. */
import { Alert, Anchor, Grid, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ZShipmentRequestFieldsSchema } from '@portal/contracts';
import { shortenCompanyName } from '@portal/domain';
import { IconCalendar, IconTruckDelivery } from '@tabler/icons-react';
import dayjs from '../../shared/lib/dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
import { useContractForm } from '../../shared/lib/use-contract-form';
import { useReportError } from '../../shared/lib/use-report-error';
import { FileDropzone } from '../../shared/ui/file-dropzone';
import { FormActions } from '../../shared/ui/form-actions';
import { PageHeader } from '../../shared/ui/page-header';
import { useDeliveryAddresses } from '../../shared/api/get-delivery-addresses';
import { useShippableOrders } from './api/get-shippable-orders';
import { useRequestShipment } from './api/request-shipment';
import { AddressAutocomplete } from './components/address-autocomplete';

export function ShipmentRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orders = useShippableOrders();
  const addresses = useDeliveryAddresses();
  useReportError('GET_SHIPMENT_ORDERS', orders.error);
  useReportError('GET_DELIVERY', addresses.error);
  const submit = useRequestShipment();

  // Address and comment follow the request's contract; the order and the date are choices, worded for a person.
  const form = useContractForm({
    initialValues: { order: params.get('order') ?? '', address: '', date: '', comment: '' },
    schema: ZShipmentRequestFieldsSchema.pick({ address: true, comment: true }),
    checks: (values) => ({
      order: values.order ? null : 'Выберите заказ',
      date: values.date ? null : 'Выберите дату отгрузки',
    }),
  });
  const [files, setFiles] = useState<File[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);

  const orderOptions = (orders.data ?? []).map((o) => ({
    value: String(o.n),
    label: `№${o.n} от ${dayjs(o.date).format('DD.MM.YYYY')} — ${shortenCompanyName(o.partner_name)}${o.name ? ` (${o.name})` : ''}`,
  }));

  async function send(values: typeof form.values) {
    setServerError(null);
    try {
      const { id } = await submit.mutateAsync({
        order: Number(values.order),
        address: values.address.trim(),
        date: dayjs(values.date).format('DD.MM.YYYY'),
        comment: values.comment.trim(),
        files,
      });
      navigate(`${paths.shipmentRequestSuccess}?id=${id}`);
    } catch (error) {
      setServerError((error as Error).message);
      reportError('ADD_SHIPMENT', error);
    }
  }

  const noOrders = orders.isSuccess && orders.data.length === 0;

  return (
    <Stack gap="lg" maw={980}>
      <PageHeader icon={<IconTruckDelivery size={26} stroke={1.6} />} title="Заявка на отгрузку" text="Менеджер подтвердит дату и время отгрузки" />
      {noOrders && (
        <Alert color="yellow" title="Нет заказов для отгрузки">
          У ваших компаний нет заказов, которые ещё можно отгрузить: отгруженные и отменённые сюда не попадают.{' '}
          <Anchor component={Link} to={paths.order()}>Оформите заказ</Anchor>, затем подайте заявку на его отгрузку.
        </Alert>
      )}
      <Paper component="form" withBorder radius="md" p="lg" onSubmit={form.onSubmit(send)} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label="Заказ"
              placeholder={orders.isPending ? 'Загружаем заказы…' : 'Выберите заказ'}
              data={orderOptions}
              {...form.getInputProps('order')}
              value={form.values.order || null}
              onChange={(value) => form.setFieldValue('order', value ?? '')}
              searchable
              nothingFoundMessage="Заказ не найден"
              withAsterisk
              disabled={noOrders}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DatePickerInput
              label="Дата отгрузки"
              placeholder="ДД.ММ.ГГГГ"
              valueFormat="DD.MM.YYYY"
              {...form.getInputProps('date')}
              value={form.values.date || null}
              onChange={(value) => form.setFieldValue('date', value ?? '')}
              minDate={dayjs().format('YYYY-MM-DD')}
              maxDate={dayjs().add(1, 'year').format('YYYY-MM-DD')}
              hideOutsideDates
              leftSection={<IconCalendar size={18} stroke={1.6} />}
              withAsterisk
              clearable
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <AddressAutocomplete
              label="Адрес доставки"
              placeholder="Начните вводить: город, улица, дом"
              value={form.values.address}
              onChange={(value) => form.setFieldValue('address', value)}
              saved={(addresses.data ?? []).map((a) => a.label)}
              error={form.errors.address}
              withAsterisk
            />
            <Text size="xs" c="dimmed" mt={4}>
              Сохранённые адреса — в разделе{' '}
              <Anchor component={Link} to={paths.deliveryAddresses} size="xs">
                «Адреса доставки»
              </Anchor>
            </Text>
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Комментарий"
              placeholder="Время разгрузки, контакт на складе, требования к машине"
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('comment')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <FileDropzone files={files} onChange={setFiles} label="Документы (доверенность, схема проезда)" />
          </Grid.Col>
        </Grid>
        <FormActions error={serverError} cancelTo={paths.shipments} submitLabel="Отправить заявку" submitting={submit.isPending} />
      </Paper>
    </Stack>
  );
}
