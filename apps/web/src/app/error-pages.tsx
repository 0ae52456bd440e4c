import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../config/paths';

const PAGES = {
  'not-found': { code: '404', title: 'Страница не найдена', text: 'Проверьте адрес или вернитесь на главную.' },
  'server-error': { code: '500', title: 'Ошибка сервера', text: 'Что-то пошло не так. Обновите страницу или попробуйте позже.' },
  blocked: {
    code: '',
    title: 'Доступ заблокирован',
    text: 'Ваша учётная запись заблокирована. Чтобы восстановить доступ, обратитесь к вашему менеджеру.',
  },
} as const;

export function ErrorPage({ kind }: { kind: keyof typeof PAGES }) {
  const page = PAGES[kind];
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        {page.code && (
          <Text fz={72} fw={800} c="dimmed" lh={1}>
            {page.code}
          </Text>
        )}
        <Title order={1}>{page.title}</Title>
        <Text c="dimmed">{page.text}</Text>
        <Button component={Link} to={kind === 'blocked' ? paths.login : paths.home} mt="md">
          {kind === 'blocked' ? 'Ко входу' : 'На главную'}
        </Button>
      </Stack>
    </Center>
  );
}

/** Shown when a route fails to render or its code fails to load (spec §8 "Unresolvable route components"). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="not-found" />;
  return <ErrorPage kind="server-error" />;
}
