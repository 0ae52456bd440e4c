/**
 * The size grid (issue 15): every size of a product with its stock, the company's price and a quantity field; one
 * action adds all the sizes given to the working order. The split into stock and pre-order (merged with what the
 * order already holds) is the domain's `sizeGridLines`, shown before adding. Arrow keys and Enter move between fields.
 * Opened from the catalogue's cards and from the product page. A role that cannot order in the company in use (an
 * accountant) sees the sizes, stock and prices, with neither quantities nor «Добавить в заказ».
 */
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { offersOrPlaceholder, type TCompany } from '@portal/contracts';
import { SEARCH_OPTION, formatPrice, sizeGridLines } from '@portal/domain';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useProductSearch } from '../api/search-product';
import { companyMay, roleRefusalText } from '../company-roles';
import { useWorkingOrderPort } from '../working-order-port';
import { PortalModal } from './portal-modal';

export function SizeGridModal({ productId, company, onClose }: { productId: number | null; company: TCompany | undefined; onClose: () => void }) {
  const port = useWorkingOrderPort();
  const search = useProductSearch(productId !== null ? { query: String(productId), option: SEARCH_OPTION.ID, partner: company?.uid } : null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const fields = useRef<Array<HTMLInputElement | null>>([]);
  const result = search.data;
  const offers = useMemo(() => (result ? offersOrPlaceholder(result.OFFERS, result.PRODUCT) : []), [result]);
  const held = useMemo(() => port?.held() ?? new Map<string, number>(), [port, productId]); // eslint-disable-line react-hooks/exhaustive-deps
  const grid = sizeGridLines(
    result?.PRODUCT.UID ?? '',
    offers.map((offer) => ({ offerGuid: offer.GUID, characteristic: offer.CHARACTERISTIC || 'без размера', stock: offer.RESIDUE, quantity: typed[offer.GUID] ?? '' })),
    held,
  );
  const anyTyped = Object.values(typed).some((value) => value.trim() !== '');
  // Without a company in use the grid still invites ordering (it asks to choose one); a company whose role cannot order
  // shows the grid for reference.
  const ordering = !company || companyMay(company, 'orders.place');

  const close = () => {
    setTyped({});
    onClose();
  };
  const add = () => {
    if (!result || !company || !ordering || !port || grid.problems.length > 0) return;
    const units = port.add(result, new Map(grid.asked.map((line) => [line.offerGuid, line.quantity])), company);
    notifications.show({ color: 'teal', message: `Добавлено в заказ: ${units} шт.` });
    close();
  };
  const move = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey) ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = index + step;
    if (next >= 0 && next < offers.length) fields.current[next]?.focus();
    else if (event.key === 'Enter' && anyTyped) add();
  };

  return (
    <PortalModal opened={productId !== null} onClose={close} title={result ? `Размеры: ${result.PRODUCT.ARTICLE}` : 'Размеры'} size="lg">
      {search.isPending ? (
        <Center mih={160}>
          <Loader />
        </Center>
      ) : !result ? (
        <Alert color="yellow">Товар не найден: обновите страницу каталога.</Alert>
      ) : (
        <Stack gap="sm">
          <Text fz="sm">{result.PRODUCT.NAME}</Text>
          {!company && <Alert color="yellow">Выберите компанию, чтобы заказать по её ценам.</Alert>}
          <Table aria-label="Размерная сетка" verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Размер</Table.Th>
                <Table.Th ta="right">Остаток</Table.Th>
                <Table.Th ta="right">Ваша цена</Table.Th>
                {ordering && <Table.Th w={80}>Кол-во</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offers.map((offer, index) => {
                const inOrder = held.get(offer.GUID) ?? 0;
                return (
                  <Table.Tr key={offer.GUID}>
                    <Table.Td>{offer.CHARACTERISTIC || '—'}</Table.Td>
                    <Table.Td ta="right">{offer.RESIDUE > 0 ? `${offer.RESIDUE} шт.` : 'под заказ'}</Table.Td>
                    {/* The list price under the company's, labelled: one column, so the quantity stays in view on a phone. */}
                    <Table.Td ta="right">
                      <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="size-own-price">
                        {formatPrice(offer.PRICE_NET ?? offer.PRICE)}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        розничная <span style={{ whiteSpace: 'nowrap' }} data-testid="size-list-price">{formatPrice(offer.PRICE_LIST ?? result.PRODUCT.PRICE)}</span>
                      </Text>
                    </Table.Td>
                    {ordering && (
                      <Table.Td>
                        <TextInput
                          ref={(element) => {
                            fields.current[index] = element;
                          }}
                          size="xs"
                          inputMode="numeric"
                          aria-label={`Количество, размер ${offer.CHARACTERISTIC || 'без размера'}`}
                          placeholder={inOrder > 0 ? `в заказе ${inOrder}` : '0'}
                          value={typed[offer.GUID] ?? ''}
                          onChange={(event) => setTyped({ ...typed, [offer.GUID]: event.currentTarget.value })}
                          onKeyDown={move(index)}
                          data-autofocus={index === 0 || undefined}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {anyTyped && grid.problems.length > 0 && (
            <Alert color="red" role="alert">
              {grid.problems.map((problem) => (
                <div key={problem}>{problem}</div>
              ))}
            </Alert>
          )}
          {ordering && grid.problems.length === 0 && (
            <Text fz="sm" data-testid="size-grid-split">
              В наличии: {grid.inStock.reduce((sum, line) => sum + line.inStock, 0)} шт.
              {grid.preorder.length > 0 && `, под заказ: ${grid.preorder.reduce((sum, line) => sum + line.preorder, 0)} шт. (${grid.preorder.map((line) => line.characteristic).join(', ')})`}
              {offers.some((offer) => held.has(offer.GUID)) && ' — с тем, что уже есть в заказе.'}
            </Text>
          )}
          <Group justify="flex-end">
            {!ordering && company && (
              <Text fz="sm" c="dimmed" style={{ flex: 1 }} data-testid="size-grid-role-refusal">
                {roleRefusalText([company], 'orders.place')}
              </Text>
            )}
            <Button variant="default" onClick={close}>
              Отмена
            </Button>
            {ordering && (
              <Button onClick={add} disabled={!company || !port || grid.problems.length > 0}>
                Добавить в заказ
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </PortalModal>
  );
}
