/** The notifications bar of spec §2: every message, newest first, with its count, delete one and delete all. */
import { ActionIcon, Badge, Button, Center, Drawer, Group, Paper, ScrollArea, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBellOff, IconTrash, IconX } from '@tabler/icons-react';
import dayjs from '../../shared/lib/dayjs';
import { useState } from 'react';
import { MessageHtml } from './message-html';
import { useNotificationsStore, type PortalMessage } from '../../shared/notifications-store';

function formatTime(time: string) {
  const value = dayjs(time);
  if (!value.isValid()) return '';
  return value.isSame(dayjs(), 'day') ? `Сегодня, ${value.format('HH:mm')}` : value.format('D MMMM YYYY, HH:mm');
}

function MessageCard({ message, onRemove }: { message: PortalMessage; onRemove: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="notification-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fz="xs" c="dimmed">
              {formatTime(message.time)}
            </Text>
            {message.type === 'popup' && (
              <Badge size="xs" variant="light">
                сообщение
              </Badge>
            )}
          </Group>
          <MessageHtml html={message.message} style={{ overflowWrap: 'anywhere' }} />
        </Stack>
        <Tooltip label="Удалить уведомление" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Удалить уведомление" onClick={onRemove}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** «Удалить все» asks first: one slip of the finger must not wipe every message. */
function ClearAll({ count, onConfirm }: { count: number; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Group justify="flex-end">
        <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => setAsking(true)}>
          Удалить все ({count})
        </Button>
      </Group>
    );
  return (
    <Paper withBorder p="xs" radius="md" role="alertdialog" aria-label="Удалить все уведомления?" data-testid="clear-all-confirm">
      <Group justify="space-between" gap="xs">
        <Text size="sm">Удалить все уведомления ({count})?</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setAsking(false)} data-autofocus>
            Отмена
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => {
              setAsking(false);
              onConfirm();
            }}
          >
            Удалить
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function NotificationsBar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const messages = useNotificationsStore((state) => state.messages);
  const remove = useNotificationsStore((state) => state.remove);
  const clear = useNotificationsStore((state) => state.clear);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={400}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      title={
        <Group gap="xs">
          <Text fw={700} fz="lg">
            Уведомления
          </Text>
          <Badge variant="light" color={messages.length ? 'blue' : 'gray'} data-testid="notifications-count">
            {messages.length}
          </Badge>
        </Group>
      }
    >
      <Stack gap="sm">
        {messages.length > 0 && <ClearAll count={messages.length} onConfirm={clear} />}
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} onRemove={() => remove(message.id)} />
        ))}
        {messages.length === 0 && (
          <Center mih={240}>
            <Stack align="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                <IconBellOff size={26} />
              </ThemeIcon>
              <Text c="dimmed">Уведомления отсутствуют</Text>
            </Stack>
          </Center>
        )}
      </Stack>
    </Drawer>
  );
}
