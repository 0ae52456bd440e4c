/** Notification settings (spec §3): order events × channels (e-mail, the portal). */
import { Button, Group, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TNotificationChannel, TNotificationSettings } from '@portal/contracts';
import { useState } from 'react';
import { reportError } from '../../../shared/errors';
import { useUpdateNotifications } from '../api/update-notifications';

const EVENTS: Array<{ key: keyof TNotificationChannel; label: string; hint: string }> = [
  { key: 'created', label: 'Заказ создан', hint: 'подтверждение с номером заказа' },
  { key: 'changed', label: 'Заказ изменён', hint: 'состав, сроки или доставка' },
  { key: 'states', label: 'Статус заказа', hint: 'счёт, оплата, отгрузка, документы' },
];
const CHANNELS: Array<{ key: keyof TNotificationSettings['order']; label: string }> = [
  { key: 'email', label: 'На e-mail' },
  { key: 'lk', label: 'В личном кабинете' },
];

export function NotificationSettings({ settings }: { settings: TNotificationSettings }) {
  const [draft, setDraft] = useState(settings);
  const update = useUpdateNotifications();
  const changed = JSON.stringify(draft) !== JSON.stringify(settings);

  const toggle = (channel: keyof TNotificationSettings['order'], event: keyof TNotificationChannel, on: boolean) =>
    setDraft((old) => ({ order: { ...old.order, [channel]: { ...old.order[channel], [event]: on } } }));

  async function save() {
    try {
      const saved = await update.mutateAsync(draft);
      setDraft(saved);
      notifications.show({ color: 'teal', title: 'Настройки уведомлений сохранены', message: 'Новые события придут по выбранным каналам.' });
    } catch (error) {
      reportError('UPDATE_NOTIFICATIONS', error);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="notification-settings">
      <Title order={2} size="h3">Уведомления о заказах</Title>
      <Text size="sm" c="dimmed" mb="md">
        Выберите, о каких событиях и куда сообщать.
      </Text>
      <Table verticalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="50%">Событие</Table.Th>
            {CHANNELS.map((channel) => (
              <Table.Th key={channel.key} ta="center">
                {channel.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {EVENTS.map((event) => (
            <Table.Tr key={event.key}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {event.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {event.hint}
                </Text>
              </Table.Td>
              {CHANNELS.map((channel) => (
                <Table.Td key={channel.key}>
                  <Group justify="center">
                    <Switch
                      checked={draft.order[channel.key][event.key]}
                      onChange={(change) => toggle(channel.key, event.key, change.currentTarget.checked)}
                      aria-label={`${event.label}: ${channel.label.toLowerCase()}`}
                    />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => void save()} loading={update.isPending} disabled={!changed}>
          Сохранить настройки
        </Button>
      </Group>
    </Paper>
  );
}
