/** /404, /500, /blocked and the route error boundary: what happened, what to do, and a way back. */
import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMapOff, IconRefresh, IconServerOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { BrandMark } from '../shared/ui/brand-mark';

const PAGES = {
  'not-found': {
    code: '404',
    icon: IconMapOff,
    color: 'blue',
    title: 'Страница не найдена',
    text: 'Такой страницы нет: возможно, ссылка устарела или в адресе опечатка. Вернитесь на главную или найдите нужный раздел в меню.',
  },
  'server-error': {
    code: '500',
    icon: IconServerOff,
    color: 'orange',
    title: 'Ошибка сервера',
    text: 'Что-то пошло не так на нашей стороне. Обновите страницу через минуту; если ошибка повторяется, сообщите о ней вашему менеджеру.',
  },
  blocked: {
    code: '',
    icon: IconLock,
    color: 'red',
    title: 'Доступ заблокирован',
    text: 'Ваша учётная запись заблокирована. Чтобы восстановить доступ, обратитесь к вашему менеджеру.',
  },
} as const;

export function ErrorPage({ kind, inShell = false }: { kind: keyof typeof PAGES; inShell?: boolean }) {
  const page = PAGES[kind];
  return (
    <Center mih={inShell ? 480 : '100vh'} p="md">
      <Paper withBorder radius="lg" shadow="sm" p={40} maw={560} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius={36} variant="light" color={page.color}>
            <page.icon size={38} stroke={1.5} />
          </ThemeIcon>
          {page.code && (
            <Text fz={56} fw={800} c="dimmed" lh={1} data-testid="error-code">
              {page.code}
            </Text>
          )}
          <Title order={1} fz={28}>
            {page.title}
          </Title>
          <Text c="dimmed">{page.text}</Text>
          <Group mt="sm">
            {kind === 'server-error' && (
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
                Обновить
              </Button>
            )}
            <Button component={Link} to={kind === 'blocked' ? paths.login : paths.home}>
              {kind === 'blocked' ? 'Ко входу' : 'На главную'}
            </Button>
          </Group>
          {!inShell && (
            <Group gap={8} mt="lg" opacity={0.7}>
              <BrandMark size={20} />
              <Text fz="sm" fw={600}>
                Портал дилера
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
