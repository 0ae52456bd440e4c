import { Table } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { StackedTable } from './stacked-table';

function Lines() {
  const [sizes, setSizes] = useState(['48-50']);
  return (
    <>
      <button type="button" onClick={() => setSizes((list) => [...list, '52-54'])}>
        ещё
      </button>
      <StackedTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Размер</Table.Th>
            <Table.Th>Количество</Table.Th>
            <Table.Th>Сумма</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sizes.map((size) => (
            <Table.Tr key={size}>
              <Table.Td>{size}</Table.Td>
              <Table.Td>
                <input aria-label={`Количество ${size}`} />
              </Table.Td>
              <Table.Td data-label="Итого">100 ₽</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </>
  );
}

describe('StackedTable', () => {
  it('labels every body cell with its column\'s header, rows added later too, and keeps a label a screen set', async () => {
    renderWithProviders(<Lines />);
    const cellOf = (size: string) => screen.getByLabelText(`Количество ${size}`).closest('td')!;
    expect(cellOf('48-50')).toHaveAttribute('data-label', 'Количество');
    expect(screen.getByText('48-50').closest('td')).toHaveAttribute('data-label', 'Размер');
    expect(screen.getAllByText('100 ₽')[0]).toHaveAttribute('data-label', 'Итого');

    act(() => screen.getByRole('button', { name: 'ещё' }).click());
    await screen.findByLabelText('Количество 52-54');
    await expect.poll(() => cellOf('52-54').getAttribute('data-label')).toBe('Количество');
  });
});
