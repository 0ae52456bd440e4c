/**
 * The notifications bar of spec §2: every message, newest first, with its count, delete one and delete all. An unread
 * message is marked; opening it (a click) makes it read and shows its object (an order's page), and «Отметить все
 * прочитанными» reads them all.
 */
import { ActionIcon, Badge, Button, Center, Drawer, Group, Paper, ScrollArea, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconChecks, IconTrash, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import dayjs from '../../shared/lib/dayjs';
import { useState, type ReactNode } from 'react';
import { MessageHtml } from './message-html';
import { isUnread, useNotificationsStore, type PortalMessage } from '../../shared/notifications-store';

/** The message's words without its markup, for a screen reader's name of the button. */
function plainText(html: string) {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function formatTime(time: string) {
  const value = dayjs(time);
  if (!value.isValid()) return '';
  return value.isSame(dayjs(), 'day') ? `Сегодня, ${value.format('HH:mm')}` : value.format('D MMMM YYYY, HH:mm');
}

function MessageCard({ message, onOpen, onRemove }: { message: PortalMessage; onOpen: () => void; onRemove: () => void }) {
  const unread = isUnread(message);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="notification-item"
      data-unread={unread || undefined}
      bg={unread ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        {/* The whole text opens the message: a link to its object when it has one, else it is only read. */}
        <UnstyledButton
          onClick={onOpen}
          style={{ minWidth: 0, flex: 1, textAlign: 'left' }}
          aria-label={message.link ? 'Открыть: ' + plainText(message.message) : undefined}
        >
          <Stack gap={4}>
            <Group gap={6}>
              <Text fz="xs" c="dimmed">
                {formatTime(message.time)}
              </Text>
              {unread && (
                <Badge size="xs" color="red" variant="filled">
                  новое
                </Badge>
              )}
              {message.type === 'popup' && (
                <Badge size="xs" variant="light">
                  сообщение
                </Badge>
              )}
            </Group>
            <MessageHtml html={message.message} style={{ overflowWrap: 'anywhere', fontWeight: unread ? 600 : undefined }} />
            {message.link && (
              <Text fz="xs" c="blue" td="underline">
                Открыть
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <Tooltip label="Удалить уведомление" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Удалить уведомление" onClick={onRemove}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** «Удалить все» asks first: one slip of the finger must not wipe every message. `beside` stands at its left. */
function ClearAll({ count, onConfirm, beside }: { count: number; onConfirm: () => void; beside: ReactNode }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Group justify="space-between" gap="xs">
        {beside}
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
  const unread = useNotificationsStore((state) => state.unread);
  const remove = useNotificationsStore((state) => state.remove);
  const clear = useNotificationsStore((state) => state.clear);
  const markOpened = useNotificationsStore((state) => state.markOpened);
  const markAllOpened = useNotificationsStore((state) => state.markAllOpened);
  const navigate = useNavigate();

  const open = (message: PortalMessage) => {
    markOpened(message.id);
    if (!message.link) return;
    onClose();
    void navigate(message.link);
  };

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
          {unread > 0 && (
            <Text fz="sm" c="dimmed" data-testid="notifications-unread">
              непрочитанных: {unread}
            </Text>
          )}
        </Group>
      }
    >
      <Stack gap="sm">
        {messages.length > 0 && (
          <ClearAll
            count={messages.length}
            onConfirm={clear}
            beside={
              <Button variant="subtle" size="xs" leftSection={<IconChecks size={14} />} disabled={unread === 0} onClick={() => markAllOpened()}>
                Отметить все прочитанными
              </Button>
            }
          />
        )}
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} onOpen={() => open(message)} onRemove={() => remove(message.id)} />
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
