/** The signed-out screens' frame: the brand on the left (wide screens), the form's card on the right. */
import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CLIENT_VERSION } from '@portal/domain';
import { IconBox, IconFileInvoice, IconHeadset, IconShoppingCartBolt } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { BrandMark } from '../../shared/ui/brand-mark';
import classes from './login-page.module.css';

const FEATURES = [
  { icon: IconBox, text: 'Каталог спецодежды и спецобуви с остатками складов' },
  { icon: IconShoppingCartBolt, text: 'Заказ и предзаказ в несколько шагов, черновики' },
  { icon: IconFileInvoice, text: 'Счета, отгрузки, сертификаты и документы' },
  { icon: IconHeadset, text: 'Персональный менеджер для каждой компании' },
];

export function AuthLayout({
  title,
  text,
  onSubmit,
  children,
}: {
  title: string;
  text: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
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
        <Paper component="form" onSubmit={onSubmit} w="100%" maw={400} p="xl" radius="lg" shadow="md" withBorder>
          <Stack gap="md">
            <Group gap="sm" hiddenFrom="md">
              <BrandMark size={36} />
              <Text fw={800} fz="lg">
                Портал дилера
              </Text>
            </Group>
            <Box>
              <Title order={1} fz={26}>
                {title}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {text}
              </Text>
            </Box>
            {children}
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
