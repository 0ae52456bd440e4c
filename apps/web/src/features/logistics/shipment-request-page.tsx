/** /shipments/request — the shipment request form: order, address (saved or suggested), date, comment, files. */
import { Alert, Anchor, Grid, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { shortenCompanyName } from '@portal/domain';
import { IconCalendar, IconTruckDelivery } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
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

  const [order, setOrder] = useState<string | null>(params.get('order'));
  const [address, setAddress] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const orderOptions = (orders.data ?? []).map((o) => ({
    value: String(o.n),
    label: `№${o.n} от ${dayjs(o.date).format('DD.MM.YYYY')} — ${shortenCompanyName(o.partner_name)}${o.name ? ` (${o.name})` : ''}`,
  }));

  async function send(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!order) found.order = 'Выберите заказ';
    if (address.trim().length < 5) found.address = 'Укажите адрес доставки: город, улицу и дом';
    if (!date) found.date = 'Выберите дату отгрузки';
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    try {
      const { id } = await submit.mutateAsync({
        order: Number(order),
        address: address.trim(),
        date: dayjs(date).format('DD.MM.YYYY'),
        comment: comment.trim(),
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
      <Paper component="form" withBorder radius="md" p="lg" onSubmit={send} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label="Заказ"
              placeholder={orders.isPending ? 'Загружаем заказы…' : 'Выберите заказ'}
              data={orderOptions}
              value={order}
              onChange={setOrder}
              searchable
              nothingFoundMessage="Заказ не найден"
              error={errors.order}
              withAsterisk
              disabled={noOrders}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DatePickerInput
              label="Дата отгрузки"
              placeholder="ДД.ММ.ГГГГ"
              valueFormat="DD.MM.YYYY"
              value={date}
              onChange={setDate}
              minDate={dayjs().format('YYYY-MM-DD')}
              maxDate={dayjs().add(1, 'year').format('YYYY-MM-DD')}
              hideOutsideDates
              leftSection={<IconCalendar size={18} stroke={1.6} />}
              error={errors.date}
              withAsterisk
              clearable
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <AddressAutocomplete
              label="Адрес доставки"
              placeholder="Начните вводить: город, улица, дом"
              value={address}
              onChange={setAddress}
              saved={(addresses.data ?? []).map((a) => a.label)}
              error={errors.address}
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
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
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
