/** /shipments/address — the user's delivery addresses: add one picked from suggestions, edit it, delete it. */
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { openConfirmModal, usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import type { TDeliveryAddress } from '@portal/contracts';
import { IconCheck, IconMapPin, IconMapPinPlus, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ZDeliveryAddBodySchema } from '@portal/contracts';
import { reportError } from '../../shared/errors';
import { useContractForm } from '../../shared/lib/use-contract-form';
import { useReportError } from '../../shared/lib/use-report-error';
import { EmptyState } from '../../shared/ui/empty-state';
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert';
import { PageHeader } from '../../shared/ui/page-header';
import { useChangeDeliveryAddress, type DeliveryChange } from './api/change-delivery-address';
import { useDeliveryAddresses } from '../../shared/api/get-delivery-addresses';
import { AddressAutocomplete } from './components/address-autocomplete';

const ACTIONS = { add: 'ADD_DELIVERY', update: 'UPDATE_DELIVERY', delete: 'DELETE_DELIVERY' } as const;

export function DeliveryAddressesPage() {
  usePrepareConfirmations();
  const addresses = useDeliveryAddresses();
  useReportError('GET_DELIVERY', addresses.error);
  const change = useChangeDeliveryAddress();
  // The new address follows the add request's contract (5 to 300 characters).
  const form = useContractForm({ initialValues: { label: '' }, schema: ZDeliveryAddBodySchema });

  async function apply(request: DeliveryChange): Promise<boolean> {
    try {
      await change.mutateAsync(request);
      return true;
    } catch (error) {
      reportError(ACTIONS[request.kind], error);
      if (request.kind === 'add') form.setFieldError('label', (error as Error).message);
      return false;
    }
  }

  async function add({ label }: typeof form.values) {
    if (await apply({ kind: 'add', label: label.trim() })) form.reset();
  }

  return (
    <Stack gap="lg" maw={980}>
      <PageHeader icon={<IconMapPin size={26} stroke={1.6} />} title="Адреса доставки" text="Адреса, которые вы выбираете в заявках на отгрузку и в заказах" />

      <Paper component="form" withBorder radius="md" p="lg" onSubmit={form.onSubmit(add)} noValidate>
        <Text fw={600} mb="xs">
          Новый адрес
        </Text>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <AddressAutocomplete
            aria-label="Новый адрес"
            placeholder="Начните вводить адрес: например, Екатеринбург Малышева 51"
            value={form.values.label}
            onChange={(value) => form.setFieldValue('label', value)}
            error={form.errors.label}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" leftSection={<IconMapPinPlus size={18} />} loading={change.isPending && change.variables?.kind === 'add'}>
            Добавить
          </Button>
        </Group>
      </Paper>

      {addresses.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : addresses.isError ? (
        <LoadFailedAlert title="Адреса не загрузились" error={addresses.error} onRetry={() => void addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <EmptyState
          data-testid="addresses-empty"
          icon={<IconMapPin size={34} stroke={1.5} />}
          title="Сохранённых адресов нет"
          text="Добавьте адрес склада или магазина — он появится в заявках на отгрузку."
        />
      ) : (
        <Stack gap="sm" data-testid="address-list">
          {addresses.data.map((address) => (
            <AddressRow key={address.index} address={address} apply={apply} busy={change.isPending} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddressRow({ address, apply, busy }: { address: TDeliveryAddress; apply: (request: DeliveryChange) => Promise<boolean>; busy: boolean }) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(address.label);

  function confirmDelete() {
    openConfirmModal({
      title: 'Удалить адрес?',
      children: <Text size="sm">{address.label}</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => void apply({ kind: 'delete', index: address.index }),
    });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (label.trim() === address.label) return setEditing(false);
    if (await apply({ kind: 'update', index: address.index, label: label.trim() })) setEditing(false);
  }

  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="address-row">
      {editing ? (
        <Group component="form" onSubmit={save} align="flex-start" wrap="nowrap" gap="xs">
          <AddressAutocomplete aria-label="Адрес" value={label} onChange={setLabel} style={{ flex: 1 }} autoFocus />
          <Tooltip label="Сохранить">
            <ActionIcon type="submit" size="lg" variant="filled" aria-label="Сохранить" loading={busy}>
              <IconCheck size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Отменить">
            <ActionIcon
              size="lg"
              variant="default"
              aria-label="Отменить"
              onClick={() => {
                setLabel(address.label);
                setEditing(false);
              }}
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" radius="xl">
              <IconMapPin size={16} />
            </ThemeIcon>
            <Text size="sm">{address.label}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Изменить">
              <ActionIcon variant="subtle" aria-label={`Изменить адрес ${address.label}`} onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Удалить">
              <ActionIcon variant="subtle" color="red" aria-label={`Удалить адрес ${address.label}`} onClick={confirmDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      )}
    </Paper>
  );
}
