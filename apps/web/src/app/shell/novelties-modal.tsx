/**
 * The info modal about novelties (spec §2). localStorage `status` holds the client version whose novelties the
 * user has read; until then the header's «Новинки» button carries a dot. It never opens by itself, so it does not
 * stand between a dealer and an urgent order (see docs/decisions.md).
 */
import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { CLIENT_VERSION } from '@portal/domain';
import { IconCheck } from '@tabler/icons-react';
import { PortalModal } from '../../shared/ui/portal-modal';
import { useNoveltiesStore } from './novelties-store';

export { selectHasUnreadNovelties, useNoveltiesStore } from './novelties-store';

const NOVELTIES = [
  { title: 'Предзаказ', text: 'количество сверх остатка склада само переходит в предзаказ — заказ можно отправить целиком.' },
  { title: 'Черновики', text: 'сохраните заказ как черновик, переименуйте его и вернитесь к нему позже с любого шага.' },
  { title: 'Коммерческое предложение', text: 'соберите КП из товаров или черновика, добавьте свой логотип и скачайте PDF или Word.' },
  { title: 'Уведомления', text: 'статусы счетов, заказов и отгрузок приходят сразу, без обновления страницы.' },
  { title: 'Тёмная тема', text: 'переключатель в верхней панели; выбор запоминается в этом браузере.' },
];

export function NoveltiesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const markRead = useNoveltiesStore((state) => state.markRead);
  const close = () => {
    markRead();
    onClose();
  };
  return (
    <PortalModal opened={opened} onClose={close} title={<Text fw={700}>Что нового в версии {CLIENT_VERSION}</Text>} size="lg">
      <Stack gap="md">
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="teal" variant="light">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {NOVELTIES.map((item) => (
            <List.Item key={item.title}>
              <Text span fw={600}>
                {item.title}:
              </Text>{' '}
              {item.text}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={close}>Понятно</Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}
