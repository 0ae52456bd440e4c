/** The sign-in screen: the brand on the left, the form on the right; a failed sign-in shows the server's message. */
import { Alert, Box, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { CLIENT_VERSION } from '@portal/domain';
import { IconAlertCircle, IconBox, IconFileInvoice, IconHeadset, IconShoppingCartBolt } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { paths } from '../../config/paths';
import { BrandMark } from '../../shared/ui/brand-mark';
import { loadSignInHash, useAuthStore } from './auth-store';
import classes from './login-page.module.css';
import { safeReturnPath } from './return-path';

const FEATURES = [
  { icon: IconBox, text: 'Каталог спецодежды и спецобуви с остатками складов' },
  { icon: IconShoppingCartBolt, text: 'Заказ и предзаказ в несколько шагов, черновики' },
  { icon: IconFileInvoice, text: 'Счета, отгрузки, сертификаты и документы' },
  { icon: IconHeadset, text: 'Персональный менеджер для каждой компании' },
];

export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const errorMessage = useAuthStore((state) => state.loginErrorMessage);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The hash the form sends is computed by code that loads now, while the dealer types, not on «Войти».
  useEffect(() => {
    void loadSignInHash().catch(() => {});
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login(String(form.get('login') ?? '').trim(), String(form.get('password') ?? ''));
      navigate(safeReturnPath(params.get('from')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BLOCKED') navigate(paths.blocked, { replace: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={classes.page}>
      <aside className={classes.brandPanel}>
        <Stack gap="xl" maw={420}>
          <Group gap="sm">
            <BrandMark size={44} />
            <Box>
              <Text fw={800} fz={22} lh={1.1} c="white">
                Портал дилера
              </Text>
              <Text fz="sm" c="rgba(255,255,255,0.7)">
                спецодежда и спецобувь
              </Text>
            </Box>
          </Group>
          <Title order={2} c="white" fw={700} lh={1.25}>
            Всё для работы с заводом — в одном окне
          </Title>
          <Stack gap="md">
            {FEATURES.map((feature) => (
              <Group key={feature.text} gap="sm" wrap="nowrap">
                <ThemeIcon size={36} radius="md" variant="white" color="blue">
                  <feature.icon size={20} stroke={1.7} />
                </ThemeIcon>
                <Text c="rgba(255,255,255,0.9)">{feature.text}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        <Text fz="xs" c="rgba(255,255,255,0.55)" className={classes.brandFooter}>
          Версия {CLIENT_VERSION}
        </Text>
      </aside>

      <main className={classes.formPanel}>
        <Paper component="form" onSubmit={submit} w="100%" maw={400} p="xl" radius="lg" shadow="md" withBorder>
          <Stack gap="md">
            <Group gap="sm" hiddenFrom="md">
              <BrandMark size={36} />
              <Text fw={800} fz="lg">
                Портал дилера
              </Text>
            </Group>
            <Box>
              <Title order={1} fz={26}>
                Вход в портал
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                Введите логин и пароль, которые выдал ваш менеджер.
              </Text>
            </Box>
            {errorMessage && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
                {errorMessage}
              </Alert>
            )}
            <TextInput name="login" label="Логин" autoComplete="username" required autoFocus size="md" />
            <PasswordInput name="password" label="Пароль" autoComplete="current-password" required size="md" />
            <Button type="submit" loading={busy} size="md" fullWidth mt="xs">
              Войти
            </Button>
            <Text fz="xs" c="dimmed" ta="center">
              Нет доступа или забыли пароль? Обратитесь к вашему менеджеру — он восстановит доступ.
            </Text>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
