import type { CharacteristicLine, Position } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { OrderLinesTable } from './order-lines-table';

const line = (GUID: string, CHARACTERISTIC: string, ORGGUID: string): CharacteristicLine => ({
  ID: GUID,
  CHARACTERISTIC,
  PRICE: 90,
  fullprice: 100,
  price_discount: 10,
  count: 1,
  RESIDUE: 5,
  MAX_DISCOUNT: 0,
  PPDATA: '',
  GUID,
  ORGGUID,
  discount: 10,
});

const position = (guid: string, lines: CharacteristicLine[]): Position => ({
  guid,
  article: `ART-${guid}`,
  product: { ID: '1', ARTICLE: `ART-${guid}`, NAME: 'Куртка', UID: guid },
  type: 'wear',
  characteristics: lines,
  count: 2,
  total: 180,
  total_discount: 20,
});

describe('OrderLinesTable', () => {
  it('names the organisation and contract in each row of a size sold by two organisations, and only there', () => {
    renderWithProviders(
      <OrderLinesTable
        list="position"
        positions={[position('a', [line('a-fro', '48', 'fro'), line('a-es', '48', 'es'), line('a-52', '52', 'fro')]), position('b', [line('b-48', '48', 'fro')])]}
        onCount={() => undefined}
        onRemove={() => undefined}
        contractLabel={(organisation) => `${organisation.toUpperCase()} · договор ${organisation}-1`}
      />,
    );
    expect(screen.getAllByTestId('line-contract').map((element) => element.textContent)).toEqual(['FRO · договор fro-1', 'ES · договор es-1']);
    expect(screen.getByTestId('line-ART-a-52')).not.toHaveTextContent('договор');
    expect(screen.getByTestId('line-ART-b-48')).not.toHaveTextContent('договор');
  });
});
