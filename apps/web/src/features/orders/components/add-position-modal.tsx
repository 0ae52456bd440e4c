/**
 * The add-position modal (spec §2): search the catalogue, pick a product, choose characteristics and quantities.
 * Quantities above stock are allowed — they go to pre-order — and the modal says so per line.
 */
import type { Position, TFoundProduct, TProductSearchResult, TStorage } from '@portal/contracts';
import { SEARCH_OPTION, SUGGESTION_DEBOUNCE_MS, arrivalText, formatPrice, fromKopecks, searchRequestFor, splitQuantity } from '@portal/domain';
import { Badge, Box, Center, Group, Loader, ScrollArea, Stack, Table, Text, TextInput, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { AmountInput } from '../../../shared/ui/amount-input';
import { moscowToday } from '../../../shared/ui/contract-credit';
import { PortalModal } from '../../../shared/ui/portal-modal';
import { StatefulButton } from '../../../shared/ui/stateful-button';
import { useProductSearch } from '../../../shared/api/search-product';
import { chosenAmountKopecks, offerPrice, offersOf, positionFor } from '../model/positions';
import { StackedTable } from '../../../shared/ui/stacked-table';

export interface AddPositionModalProps {
  opened: boolean;
  onClose: () => void;
  onAdd: (position: Position) => void;
  contracts: readonly TStorage[];
  /** The order's company: the offers come priced by its contracts. */
  partner?: string;
  /** Opens with this article searched (the /order/:article route). */
  initialQuery?: string;
}

export function AddPositionModal({ opened, onClose, onAdd, contracts, partner, initialQuery }: AddPositionModalProps) {
  const [text, setText] = useState(initialQuery ?? '');
  const [picked, setPicked] = useState<number | null>(null);
  const [counts, setCounts] = useState<Map<string, number>>(new Map());
  const [debounced] = useDebouncedValue(text, SUGGESTION_DEBOUNCE_MS);

  useEffect(() => {
    if (opened && initialQuery) setText(initialQuery);
  }, [opened, initialQuery]);

  const request = debounced.trim().length >= 2 ? { ...searchRequestFor(debounced), partner } : null;
  const search = useProductSearch(request);
  const byId = useProductSearch(picked !== null ? { query: String(picked), option: SEARCH_OPTION.ID, partner } : null);
  // Until the typed text settles into the debounced query, the answer on hand is an earlier text's (the last product
  // added, when the modal opens again): it is not shown, so no quantity goes into another product's sizes.
  const settled = debounced === text;
  const found = settled ? search.data : undefined;
  const result: TProductSearchResult | null | undefined = picked !== null ? byId.data : found;

  // A new product starts with empty quantities.
  const productUid = result?.PRODUCT.UID;
  useEffect(() => setCounts(new Map()), [productUid]);

  const position = useMemo(() => (result ? positionFor(result, counts, contracts) : null), [result, counts, contracts]);
  const units = [...counts.values()].reduce((sum, n) => sum + n, 0);

  const close = () => {
    setText('');
    setPicked(null);
    setCounts(new Map());
    onClose();
  };
  const add = () => {
    if (!position) return;
    onAdd(position);
    close();
  };

  return (
    <PortalModal opened={opened} onClose={close} title="Добавить товар в заказ" size={920} data-testid="add-position-modal">
      <Stack gap="md">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          placeholder="Артикул или название, например КСТ105 или костюм летний"
          aria-label="Поиск товара для заказа"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPicked(null);
          }}
          rightSection={!settled || search.isFetching || byId.isFetching ? <Loader size={16} /> : null}
        />
        {request && settled && search.data === null && !search.isFetching && (
          <Text c="dimmed" ta="center" py="md">
            Не найдено
          </Text>
        )}
        {!request && (
          <Text c="dimmed" size="sm">
            Введите хотя бы 2 символа артикула или названия.
          </Text>
        )}
        {found && found.FOUND.length > 1 && (
          <FoundList found={found.FOUND} current={result?.PRODUCT.ID} onPick={setPicked} />
        )}
        {result && (
          <ProductOffers
            result={result}
            counts={counts}
            contracts={contracts}
            onCount={(guid, count) => setCounts((before) => new Map(before).set(guid, count))}
          />
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {position ? `Выбрано ${units} шт. на ${formatPrice(fromKopecks(chosenAmountKopecks(position)))}` : 'Укажите количество хотя бы в одной строке'}
          </Text>
          <Group gap="xs">
            <StatefulButton variant="default" onClick={close}>
              Отмена
            </StatefulButton>
            <StatefulButton state={position ? 'active' : 'disabled'} onClick={add} data-testid="add-position-submit">
              Добавить в заказ
            </StatefulButton>
          </Group>
        </Group>
      </Stack>
    </PortalModal>
  );
}

function FoundList({ found, current, onPick }: { found: TFoundProduct[]; current?: number; onPick: (id: number) => void }) {
  return (
    <ScrollArea.Autosize mah={150} type="auto">
      <Group gap={6}>
        {found.map((item) => (
          <UnstyledButton key={item.ID} onClick={() => onPick(item.ID)} aria-label={`Выбрать ${item.ARTICLE}`}>
            <Badge variant={item.ID === current ? 'filled' : 'light'} size="lg" radius="sm" style={{ textTransform: 'none', cursor: 'pointer' }}>
              {item.ARTICLE} · {item.NAME.length > 34 ? `${item.NAME.slice(0, 34)}…` : item.NAME}
            </Badge>
          </UnstyledButton>
        ))}
      </Group>
    </ScrollArea.Autosize>
  );
}

function ProductOffers({
  result,
  counts,
  contracts,
  onCount,
}: {
  result: TProductSearchResult;
  counts: ReadonlyMap<string, number>;
  contracts: readonly TStorage[];
  onCount: (guid: string, count: number) => void;
}) {
  const product = result.PRODUCT;
  const image = result.IMAGES[0];
  return (
    <Stack gap="sm">
      <Group wrap="nowrap" align="flex-start">
        {image ? (
          <Box component="img" src={image} alt="" w={72} h={72} style={{ objectFit: 'contain', borderRadius: 8, background: 'var(--mantine-color-gray-0)' }} />
        ) : (
          <ThemeIcon size={72} variant="light" radius="md">
            <IconPackage size={36} />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={700}>{product.ARTICLE}</Text>
            {product.STATUS && <Badge color="orange" variant="light">{product.STATUS}</Badge>}
          </Group>
          <Text size="sm">{product.NAME}</Text>
          <Text size="xs" c="dimmed">
            Ваша цена: {result.PRICETYPE.name.toLowerCase()} цена за вычетом {product.MAX_DISCOUNT > 0 ? `скидки по договору, не больше ${product.MAX_DISCOUNT} %` : 'скидки по договору'}
          </Text>
        </Stack>
      </Group>
      {/* On a phone each size is a card, its quantity field beside it. */}
      <StackedTable striped highlightOnHover verticalSpacing={6} data-testid="offers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Размер</Table.Th>
            <Table.Th ta="right">Остаток</Table.Th>
            <Table.Th ta="right">Розничная</Table.Th>
            <Table.Th ta="right">Без скидки</Table.Th>
            <Table.Th ta="right">Ваша цена</Table.Th>
            <Table.Th>Количество</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offersOf(result).map((offer) => {
            const count = counts.get(offer.GUID) ?? 0;
            const price = offerPrice(result, offer, contracts);
            const presale = splitQuantity(count, offer.RESIDUE).preorder;
            const arrival = arrivalText(offer.PPDATA, moscowToday());
            return (
              <Table.Tr key={offer.GUID} data-testid={`offer-${offer.CHARACTERISTIC}`}>
                <Table.Td fw={600}>{offer.CHARACTERISTIC}</Table.Td>
                <Table.Td ta="right">
                  {offer.RESIDUE > 0 ? offer.RESIDUE : <Text span c="dimmed">нет</Text>}
                  {arrival && (
                    <Text size="xs" c="dimmed">
                      поставка {arrival}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" c="dimmed" data-testid="offer-list-price">
                  {formatPrice(offer.PRICE_LIST ?? product.PRICE)}
                </Table.Td>
                <Table.Td ta="right" c="dimmed" data-testid="offer-full-price">
                  {formatPrice(fromKopecks(price.fullPriceKopecks))}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  <span data-testid="offer-own-price">{formatPrice(fromKopecks(price.priceKopecks))}</span>
                  {price.discountPercent > 0 && <Text size="xs" c="teal">−{price.discountPercent} %</Text>}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <AmountInput value={count} onChange={(n) => onCount(offer.GUID, n)} aria-label={`Количество ${offer.CHARACTERISTIC}`} size="xs" w={64} />
                    {presale > 0 && (
                      <Badge color="orange" variant="light" size="sm" style={{ overflow: 'visible' }}>
                        +{presale} предзаказ
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
      {result.OFFERS.length === 0 && (
        <Center>
          <Text size="xs" c="dimmed">
            Товара нет на складе: он будет оформлен как предзаказ.
          </Text>
        </Center>
      )}
    </Stack>
  );
}
