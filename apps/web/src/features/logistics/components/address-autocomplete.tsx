/**
 * An address field with suggestions from the address-suggestion service (typed text is debounced); saved addresses,
 * when given, are offered first. A failing service is reported (spec §8) and the field still takes typed text.
 */
import { Autocomplete, Group, Loader, Text, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useReportError } from '../../../shared/lib/use-report-error';
import { MIN_SUGGEST_QUERY, useAddressSuggestions } from '../api/suggest-address';

interface AddressAutocompleteProps extends Omit<AutocompleteProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  saved?: string[];
}

export function AddressAutocomplete({ value, onChange, saved = [], description, error, ...props }: AddressAutocompleteProps) {
  const [query] = useDebouncedValue(value.trim(), 350);
  const suggestions = useAddressSuggestions(query);
  useReportError('GET_ADDRESS_SUGGESTIONS', suggestions.error);

  const data = useMemo(() => {
    const found = (suggestions.data ?? []).map((s) => s.unrestricted_value).filter((s) => s !== value);
    const mine = saved.filter((label) => label.toLowerCase().includes(value.trim().toLowerCase()));
    const groups = [];
    if (mine.length > 0) groups.push({ group: 'Мои адреса', items: mine });
    if (found.length > 0) groups.push({ group: 'Подсказки', items: found.filter((s) => !mine.includes(s)) });
    return groups.filter((g) => g.items.length > 0);
  }, [suggestions.data, saved, value]);

  return (
    <Autocomplete
      value={value}
      onChange={onChange}
      data={data}
      filter={({ options }) => options}
      limit={15}
      maxDropdownHeight={320}
      leftSection={<IconMapPin size={18} stroke={1.6} />}
      rightSection={suggestions.isFetching ? <Loader size={16} /> : null}
      comboboxProps={{ shadow: 'md' }}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <Text size="sm">{option.value}</Text>
        </Group>
      )}
      description={
        suggestions.isError
          ? undefined
          : value.trim().length > 0 && value.trim().length < MIN_SUGGEST_QUERY
            ? 'Продолжайте вводить: город, улицу и дом'
            : description
      }
      error={suggestions.isError ? 'Подсказки адресов недоступны — введите адрес полностью вручную.' : error}
      {...props}
    />
  );
}
