/** Step 1: pick products by search; picking a line sets its count to 1, unpicking to 0, a count above 0 checks it. */
import { ActionIcon, Badge, Box, Card, Checkbox, Group, Image, Loader, Paper, ScrollArea, Stack, Table, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPrice, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_LENGTH } from '@portal/domain';
import { PROPOSAL_LIMITS, type TFoundProduct, type TProductSearchResult } from '@portal/contracts';
import { IconPhoto, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountInput } from '../../../shared/ui/amount-input';
import { useProductById, useProductSearch } from '../api/search-products';
import { linesOf } from '../lib/todays-prices';
import { useProposalStore, type ProposalItem } from '../proposal-store';

function Thumb({ src, size = 44 }: { src: string | null | undefined; size?: number }) {
  return src ? (
    <Image src={src} w={size} h={size} fit="contain" radius="sm" alt="" bg="gray.0" />
  ) : (
    <Box w={size} h={size} style={{ display: 'grid', placeItems: 'center', borderRadius: 6, background: 'var(--mantine-color-gray-1)' }}>
      <IconPhoto size={size / 2} color="var(--mantine-color-gray-5)" />
    </Box>
  );
}

function ProductLines({ result }: { result: TProductSearchResult }) {
  const items = useProposalStore((state) => state.items);
  const setLineQuantity = useProposalStore((state) => state.setLineQuantity);
  const picked = items.find((item) => item.guid === result.PRODUCT.UID);
  const itemInfo: Omit<ProposalItem, 'lines' | 'markup'> = {
    guid: result.PRODUCT.UID,
    article: result.PRODUCT.ARTICLE,
    name: result.PRODUCT.NAME,
    image: result.IMAGES[0] ?? null,
  };
  return (
    <Table verticalSpacing={6} highlightOnHover data-testid="kp-product-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40} />
          <Table.Th>Характеристика</Table.Th>
          <Table.Th ta="right">Остаток</Table.Th>
          <Table.Th ta="right">Цена</Table.Th>
          <Table.Th w={150}>Количество</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {linesOf(result).map((line) => {
          const quantity = picked?.lines.find((candidate) => candidate.guid === line.guid)?.quantity ?? 0;
          return (
            <Table.Tr key={line.guid} data-testid="kp-line">
              <Table.Td>
                <Checkbox
                  aria-label={`Выбрать ${line.characteristic}`}
                  checked={quantity > 0}
                  onChange={(event) => setLineQuantity(itemInfo, line, event.currentTarget.checked ? 1 : 0)}
                />
              </Table.Td>
              <Table.Td>{line.characteristic}</Table.Td>
              <Table.Td ta="right">
                {line.residue ? <Text size="sm">{line.residue} шт.</Text> : <Badge variant="light" color="orange">под заказ</Badge>}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatPrice(line.fullprice)}
              </Table.Td>
              <Table.Td>
                <AmountInput
                  aria-label={`Количество ${line.characteristic}`}
                  value={quantity}
                  min={0}
                  max={PROPOSAL_LIMITS.quantity.max}
                  w={64}
                  size="xs"
                  onChange={(value) => setLineQuantity(itemInfo, line, value)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function FoundRow({ found, active, onOpen }: { found: TFoundProduct; active: boolean; onOpen: () => void }) {
  const pickedCount = useProposalStore(
    (state) => state.items.find((item) => item.article === found.ARTICLE)?.lines.reduce((acc, line) => acc + line.quantity, 0) ?? 0,
  );
  return (
    <UnstyledButton
      onClick={onOpen}
      data-testid="kp-found"
      p="xs"
      style={{
        borderRadius: 8,
        border: `1px solid ${active ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-default-border)'}`,
        background: active ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group wrap="nowrap" gap="sm">
        <Thumb src={found.IMAGE} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={2}>
            {found.NAME}
          </Text>
          <Text size="xs" c="dimmed">
            {found.ARTICLE} · {formatPrice(found.PRICE_OPT)}
          </Text>
        </Box>
        {pickedCount > 0 && <Badge variant="filled">{pickedCount} шт.</Badge>}
      </Group>
    </UnstyledButton>
  );
}

export function PickedSummary() {
  const items = useProposalStore((state) => state.items);
  const removeItem = useProposalStore((state) => state.removeItem);
  const picked = items.filter((item) => item.lines.some((line) => line.quantity > 0));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        В предложении
      </Title>
      {picked.length === 0 ? (
        <Text size="sm" c="dimmed">
          Пока пусто: найдите товар и отметьте размеры.
        </Text>
      ) : (
        <Stack gap={6} data-testid="kp-picked">
          {picked.map((item) => {
            const count = item.lines.reduce((acc, line) => acc + line.quantity, 0);
            return (
              <Group key={item.guid} wrap="nowrap" gap="xs">
                <Thumb src={item.image} size={32} />
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {item.name || item.article}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.article} · {count} шт.
                  </Text>
                </Box>
                <Tooltip label="Убрать из предложения">
                  <ActionIcon variant="subtle" color="red" aria-label={`Убрать ${item.name}`} onClick={() => removeItem(item.guid)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

export function StepProducts({ partner }: { partner: string | undefined }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SUGGESTION_DEBOUNCE_MS);
  const search = useProductSearch(debounced, partner);
  const [openId, setOpenId] = useState<number | null>(null);
  const found = search.data?.FOUND ?? [];
  const activeId = openId ?? (search.data ? search.data.PRODUCT.ID : null);
  const byId = useProductById(activeId !== null && activeId !== search.data?.PRODUCT.ID ? activeId : null, partner);
  const active = activeId === search.data?.PRODUCT.ID ? search.data : byId.data;

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack style={{ flex: '1 1 560px', minWidth: 0 }} gap="sm">
        <TextInput
          size="md"
          leftSection={<IconSearch size={18} />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          placeholder="Артикул или название товара"
          aria-label="Поиск товара для предложения"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpenId(null);
          }}
        />
        {debounced.trim().length < SUGGESTION_MIN_LENGTH ? (
          <Text size="sm" c="dimmed">
            Введите хотя бы {SUGGESTION_MIN_LENGTH} символа: артикул (например, КСТ105) или слова из названия.
          </Text>
        ) : search.isFetching && !search.data ? (
          <Text size="sm" c="dimmed">Поиск...</Text>
        ) : search.isError ? (
          <Text size="sm" c="red">
            {(search.error as Error).message}
          </Text>
        ) : found.length === 0 ? (
          <Text size="sm" c="dimmed">Не найдено</Text>
        ) : (
          <Group align="flex-start" gap="md" wrap="wrap">
            <ScrollArea.Autosize mah={480} style={{ flex: '1 1 240px', minWidth: 220 }}>
              <Stack gap={6}>
                {found.map((product) => (
                  <FoundRow key={product.ID} found={product} active={product.ID === activeId} onOpen={() => setOpenId(product.ID)} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
            <Card withBorder radius="md" style={{ flex: '2 1 380px', minWidth: 0 }} padding="sm">
              {active ? (
                <Stack gap="xs">
                  <Group wrap="nowrap" align="flex-start">
                    <Thumb src={active.IMAGES[0]} size={64} />
                    <Box>
                      <Text fw={600}>{active.PRODUCT.NAME}</Text>
                      <Text size="sm" c="dimmed">
                        Артикул {active.PRODUCT.ARTICLE}
                      </Text>
                    </Box>
                  </Group>
                  <ProductLines result={active} />
                </Stack>
              ) : (
                <Group justify="center" p="lg">
                  <Loader size="sm" />
                </Group>
              )}
            </Card>
          </Group>
        )}
      </Stack>
      <Box style={{ flex: '0 1 300px', minWidth: 260 }}>
        <PickedSummary />
      </Box>
    </Group>
  );
}
