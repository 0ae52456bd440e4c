/**
 * /catalog/interactive — a visual way into the catalogue: a worker whose zones (head, hands, body, feet) open the
 * groups placed on them (the menu's zone). Hovering or focusing a zone shows its groups beside the figure.
 */
import { Anchor, Badge, Card, Grid, List, Stack, Text, Title } from '@mantine/core';
import type { TCatalogGroup, TCatalogZone } from '@portal/contracts';
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCatalogMenu } from './api/get-catalog-menu';
import classes from './interactive-page.module.css';

const ZONE_NAMES: Record<TCatalogZone, string> = { head: 'Голова', hands: 'Руки', body: 'Тело', feet: 'Ноги' };

export function InteractivePage() {
  const menu = useCatalogMenu();
  const navigate = useNavigate();
  const [hovered, setHovered] = useState<TCatalogZone | null>(null);
  const groupOf = (zone: TCatalogZone): TCatalogGroup | undefined => menu.data?.find((group) => group.zone === zone);

  const zoneProps = (zone: TCatalogZone) => {
    const group = groupOf(zone);
    const open = () => group && void navigate(paths.catalog(group.code));
    return {
      className: `${classes.zone} ${hovered === zone ? classes.active : ''}`,
      role: 'link',
      tabIndex: 0,
      'aria-label': group ? `${ZONE_NAMES[zone]}: ${group.name}` : ZONE_NAMES[zone],
      onClick: open,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      },
      onMouseEnter: () => setHovered(zone),
      onMouseLeave: () => setHovered(null),
      onFocus: () => setHovered(zone),
      onBlur: () => setHovered(null),
    };
  };

  const shown = hovered ? groupOf(hovered) : undefined;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Интерактивный каталог
        </Title>
        <Text c="dimmed">Выберите, что нужно защитить: нажмите на голову, руки, тело или ноги.</Text>
      </Stack>
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Card withBorder radius="lg" padding="md" className={classes.stage}>
            <svg viewBox="0 0 240 420" className={classes.figure} aria-label="Фигура рабочего">
              <g {...zoneProps('head')}>
                <path d="M88 58 Q120 8 152 58 Z" />
                <rect x="80" y="54" width="80" height="9" rx="4" />
                <circle cx="120" cy="84" r="24" />
              </g>
              <g {...zoneProps('body')}>
                <path d="M78 116 Q120 104 162 116 L170 236 L70 236 Z" />
                <path d="M78 118 L52 214 L68 220 L92 140 Z" />
                <path d="M162 118 L188 214 L172 220 L148 140 Z" />
                <path d="M74 236 L166 236 L160 352 L128 352 L120 262 L112 352 L80 352 Z" />
              </g>
              <g {...zoneProps('hands')}>
                <ellipse cx="58" cy="232" rx="14" ry="18" />
                <ellipse cx="182" cy="232" rx="14" ry="18" />
              </g>
              <g {...zoneProps('feet')}>
                <path d="M80 354 L112 354 L112 392 L70 392 Q62 392 64 384 L80 376 Z" />
                <path d="M128 354 L160 354 L160 376 L176 384 Q178 392 170 392 L128 392 Z" />
              </g>
            </svg>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="md">
            {(['head', 'body', 'hands', 'feet'] as const).map((zone) => {
              const group = groupOf(zone);
              if (!group) return null;
              return (
                <Card
                  key={zone}
                  withBorder
                  radius="md"
                  padding="md"
                  className={shown?.code === group.code ? classes.highlight : undefined}
                  onMouseEnter={() => setHovered(zone)}
                  onMouseLeave={() => setHovered(null)}
                >
                  <Badge variant="light" mb={6}>
                    {ZONE_NAMES[zone]}
                  </Badge>
                  <Anchor component={Link} to={paths.catalog(group.code)} fw={600}>
                    {group.name}
                  </Anchor>
                  <List size="sm" mt={6} spacing={2}>
                    {group.items.map((item) => (
                      <List.Item key={item.code}>
                        <Anchor component={Link} to={paths.catalog(item.code)} fz="sm" c="dimmed">
                          {item.name}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                </Card>
              );
            })}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
