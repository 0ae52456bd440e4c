import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

// The product search widget of spec §2/§5. To be completed by the catalogue feature (suggestions, options, keyboard).
export function ProductSearch({ autoFocus = false }: { autoFocus?: boolean }) {
  return <TextInput aria-label="Поиск товара" placeholder="Артикул или название" leftSection={<IconSearch size={16} />} autoFocus={autoFocus} />;
}
