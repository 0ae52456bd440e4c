/** Step 2: each position's own discount (negative) or markup as a percent or a fixed amount, plus an added sum. */
import { ActionIcon, Alert, Badge, Box, Button, Card, Group, SegmentedControl, Stack, Table, Text, Tooltip } from '@mantine/core';
import { PROPOSAL_LIMITS } from '@portal/contracts';
import {
  formatPrice,
  NO_MARKUP,
  PROPOSAL_AMOUNT_MAX,
  PROPOSAL_AMOUNT_MIN,
  proposalLinePrice,
  proposalMarkupProblem,
  type ProposalMarkup,
} from '@portal/domain';
import { IconInfoCircle, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountInput } from '../../../shared/ui/amount-input';
import { StackedTable } from '../../../shared/ui/stacked-table';
import { useProposalStore, type ProposalItem } from '../proposal-store';
import { ProposalTotalsBar, proposalLineInput } from './proposal-totals';

/**
 * The discount or markup of a position. The direction is chosen apart from the amount (a discount is stored as a
 * negative value, spec §5), so nobody has to type a minus sign; the amount never goes past 1,000,000.
 */
export function MarkupEditor({ markup, onChange, compact = false }: { markup: ProposalMarkup; onChange: (markup: ProposalMarkup) => void; compact?: boolean }) {
  // A zero amount has no sign: remember which way the dealer chose until they type the amount.
  const [preferred, setPreferred] = useState<'discount' | 'markup'>('markup');
  const direction = markup.value < 0 ? 'discount' : markup.value > 0 ? 'markup' : preferred;
  const magnitude = Math.abs(markup.value);
  const limit = direction === 'discount' ? -PROPOSAL_AMOUNT_MIN : PROPOSAL_AMOUNT_MAX;
  const addSum = markup.add_sum ?? 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Box>
        <Text size="xs" c="dimmed" mb={4}>
          Скидка или наценка
        </Text>
        <Group gap={6}>
          <SegmentedControl
            size="xs"
            aria-label="Скидка или наценка: направление"
            value={direction}
            onChange={(next) => {
              setPreferred(next as 'discount' | 'markup');
              onChange({ ...markup, value: next === 'discount' ? -magnitude : magnitude });
            }}
            data={[
              { value: 'discount', label: 'Скидка' },
              { value: 'markup', label: 'Наценка' },
            ]}
          />
          <AmountInput
            aria-label="Размер скидки или наценки"
            value={magnitude}
            min={0}
            max={limit}
            w={compact ? 84 : 100}
            size="xs"
            onChange={(value) => onChange({ ...markup, value: direction === 'discount' ? -value : value })}
          />
          <SegmentedControl
            size="xs"
            aria-label="Процент или сумма"
            value={markup.kind}
            onChange={(kind) => onChange({ ...markup, kind: kind as ProposalMarkup['kind'] })}
            data={[
              { value: 'percent', label: '%' },
              { value: 'fixed', label: '₽' },
            ]}
          />
        </Group>
      </Box>
      <Box>
        <Text size="xs" c="dimmed" mb={4}>
          {addSum < 0 ? 'Вычесть из цены, ₽' : 'Добавить к цене, ₽'}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Tooltip label={addSum < 0 ? 'Сделать прибавкой' : 'Сделать вычетом'}>
            <ActionIcon
              variant="default"
              size="md"
              aria-label="Знак добавленной суммы"
              onClick={() => onChange({ ...markup, add_sum: -addSum })}
              disabled={addSum === 0}
            >
              {addSum < 0 ? '−' : '+'}
            </ActionIcon>
          </Tooltip>
          <AmountInput
            aria-label="Добавленная сумма"
            value={Math.abs(addSum)}
            min={0}
            max={addSum < 0 ? -PROPOSAL_AMOUNT_MIN : PROPOSAL_AMOUNT_MAX}
            w={compact ? 84 : 100}
            size="xs"
            onChange={(value) => onChange({ ...markup, add_sum: addSum < 0 ? -value : value })}
          />
        </Group>
      </Box>
    </Group>
  );
}

function describeMarkup(markup: ProposalMarkup): { label: string; color: string } | null {
  const value = markup.value;
  const add = markup.add_sum ?? 0;
  if (value === 0 && add === 0) return null;
  const main = value === 0 ? '' : `${value > 0 ? 'наценка' : 'скидка'} ${Math.abs(value)}${markup.kind === 'percent' ? ' %' : ' ₽'}`;
  const extra = add === 0 ? '' : `${add > 0 ? '+' : '−'}${Math.abs(add)} ₽`;
  return { label: [main, extra].filter(Boolean).join(', '), color: value < 0 ? 'green' : 'blue' };
}

/** The product's picture, or a placeholder when it has none (or it does not load: a product without pictures). */
function ItemPicture({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={52}
        height={52}
        style={{ objectFit: 'contain', borderRadius: 6 }}
        data-testid="kp-item-picture"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <Box w={52} h={52} style={{ display: 'grid', placeItems: 'center', borderRadius: 6, background: 'var(--mantine-color-gray-1)' }}>
      <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
    </Box>
  );
}

function ItemCard({ item }: { item: ProposalItem }) {
  const setMarkup = useProposalStore((state) => state.setMarkup);
  const setLineQuantity = useProposalStore((state) => state.setLineQuantity);
  const removeItem = useProposalStore((state) => state.removeItem);
  const lines = item.lines.filter((line) => line.quantity > 0);
  const subject = `позиции «${item.name || item.article}»`;
  const problem = lines.map((line) => proposalMarkupProblem(line.fullprice, item.markup, subject)).find(Boolean);
  const badge = describeMarkup(item.markup);
  const info = { guid: item.guid, article: item.article, name: item.name, image: item.image };
  return (
    <Card withBorder radius="md" padding="md" data-testid="kp-price-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0 }}>
          <ItemPicture src={item.image} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600}>{item.name || item.article}</Text>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                Артикул {item.article}
              </Text>
              {badge && (
                <Badge variant="light" color={badge.color} size="sm">
                  {badge.label}
                </Badge>
              )}
            </Group>
          </Box>
        </Group>
        <Tooltip label="Убрать из предложения">
          <ActionIcon variant="subtle" color="red" aria-label={`Убрать ${item.name}`} onClick={() => removeItem(item.guid)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <MarkupEditor markup={item.markup} onChange={(markup) => setMarkup(item.guid, markup)} />
      {problem && (
        <Text size="sm" c="red" mt={6} role="alert">
          {problem}
        </Text>
      )}
      {/* A card per size on a phone: the prices and the sum are never cut off at the edge. */}
      <StackedTable mt="sm" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Характеристика</Table.Th>
            <Table.Th w={130}>Количество</Table.Th>
            <Table.Th ta="right">Цена портала</Table.Th>
            <Table.Th ta="right">Цена в предложении</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const priced = proposalLinePrice(proposalLineInput(item, line));
            return (
              <Table.Tr key={line.guid} data-testid="kp-price-line">
                <Table.Td>{line.characteristic}</Table.Td>
                <Table.Td>
                  <AmountInput
                    aria-label={`Количество ${line.characteristic}`}
                    size="xs"
                    w={56}
                    value={line.quantity}
                    min={0}
                    max={PROPOSAL_LIMITS.quantity.max}
                    onChange={(value) => setLineQuantity(info, line, value)}
                  />
                </Table.Td>
                <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(priced.fullPrice)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} c={priced.price < 0 ? 'red' : priced.price < priced.fullPrice ? 'green' : undefined} data-testid="kp-result-price">
                  {formatPrice(priced.price)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(priced.sum)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
    </Card>
  );
}

export function StepPrices() {
  const items = useProposalStore((state) => state.items);
  const setMarkup = useProposalStore((state) => state.setMarkup);
  const [bulk, setBulk] = useState<ProposalMarkup>({ ...NO_MARKUP });
  const visible = items.filter((item) => item.lines.some((line) => line.quantity > 0));
  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} title="Ваши цены для заказчика">
        Цена позиции = цена портала ± процент от неё или сумма, плюс добавленная сумма. Заказчик увидит
        только итоговые цены. Скидку, которую вы дали, — строкой «Скидка» в итогах и зачёркнутой розничной ценой там,
        где ваша цена ниже розничной; наценку — никак. Без скидки строки «Скидка» нет.
      </Alert>
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Box>
            <Text size="sm" fw={600} mb={6}>
              Одна скидка или наценка на все позиции
            </Text>
            <MarkupEditor markup={bulk} onChange={setBulk} compact />
          </Box>
          <Button variant="light" onClick={() => visible.forEach((item) => setMarkup(item.guid, { ...bulk }))}>
            Применить ко всем
          </Button>
        </Group>
      </Card>
      {visible.map((item) => (
        <ItemCard key={item.guid} item={item} />
      ))}
      <ProposalTotalsBar />
    </Stack>
  );
}
