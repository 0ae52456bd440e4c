/** /claims/success — the claim was accepted. */
import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';

export function ClaimSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Center mih={420}>
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" shadow="sm">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={72} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={42} stroke={1.5} />
          </ThemeIcon>
          <Title order={2}>Рекламация отправлена</Title>
          <Text c="dimmed">
            {id ? `Рекламация Р-${id} принята. ` : ''}Менеджер зарегистрирует её и сообщит решение — статус и история видны в списке
            рекламаций.
          </Text>
          <Group mt="md">
            <Button component={Link} to={paths.claimRequest} variant="default">
              Ещё одна рекламация
            </Button>
            <Button component={Link} to={paths.claims}>
              К списку рекламаций
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
