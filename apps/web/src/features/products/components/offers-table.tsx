/**
 * The characteristics of a product with stock (spec §3 Offer): size or height, organisation, stock, next supply, the
 * company's price after its contract discount («Ваша цена», what the order charges) and the list price («Розничная»).
 */
import { Badge, Table, Text } from '@mantine/core';
import { isPlaceholderOffer, offersOrPlaceholder, type TOffer } from '@portal/contracts';
import { arrivalText, formatPrice, organisationName } from '@portal/domain';
import { moscowToday } from '../../../shared/ui/contract-credit';
import { StackedTable } from '../../../shared/ui/stacked-table';

export function OffersTable({ offers, product }: { offers: TOffer[]; product: { UID: string; PRICE: number; PRICE_OPT: number; PRICE_NET: number } }) {
  const rows = offersOrPlaceholder(offers, product);
  const today = moscowToday();
  return (
    // On a phone each size is a card with its values under their column names.
    <StackedTable striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Характеристики и остатки">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Размер / рост</Table.Th>
          <Table.Th>Поставщик</Table.Th>
          <Table.Th ta="right">Остаток</Table.Th>
          <Table.Th>Поступление</Table.Th>
          <Table.Th ta="right">Ваша цена</Table.Th>
          <Table.Th ta="right">Розничная</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((offer) => (
          <Table.Tr key={offer.GUID} data-testid="offer-row">
            <Table.Td>
              {isPlaceholderOffer(offer, product.UID) ? (
                <Badge variant="light" color="orange">
                  {offer.CHARACTERISTIC}
                </Badge>
              ) : (
                <Text fz="sm" fw={500}>
                  {offer.CHARACTERISTIC}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text fz="sm" c="dimmed">
                {organisationName(offer.ORGGUID, '—')}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text fz="sm" fw={600} c={offer.RESIDUE > 0 ? 'teal' : 'red'}>
                {offer.RESIDUE > 0 ? `${offer.RESIDUE} шт.` : 'нет'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{arrivalText(offer.PPDATA, today) || '—'}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="offer-own-price">
                {formatPrice(offer.PRICE_NET ?? offer.PRICE)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="offer-list-price">
                {formatPrice(offer.PRICE_LIST ?? product.PRICE)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
