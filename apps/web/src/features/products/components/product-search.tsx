/**
 * The product search widget (spec §2, §4, §5): suggestions after 500 ms of quiet from 2 characters, «Поиск...» while
 * they load and «Не найдено» when there are none; arrows move through them and Enter opens one; Enter without a
 * chosen suggestion runs a full search (option 0 for an article, with the hyphen of a ЛЛЛЦЦЦЛ code, else option 2).
 * Suggestions link to /{to}/{article}; the list hides on a click outside or Escape.
 */
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_OPTION, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_LENGTH, searchRequestFor } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSuggestions } from '../api/get-suggestions';

export interface ProductSearchProps {
  autoFocus?: boolean;
  /** The first part of the address suggestions and searches open: /{to}/{article} (default «product»). */
  to?: string;
  /** Text to start with (the product page passes what it shows). */
  initialValue?: string;
}

/** The address a search or a suggestion opens. A name search carries its option so the page searches the same way. */
export function searchTarget(to: string, input: string): string {
  const { query, option } = searchRequestFor(input);
  const base = `/${to}/${encodeURIComponent(query)}`;
  return option === SEARCH_OPTION.NAME ? `${base}?option=${option}` : base;
}

export function ProductSearch({ autoFocus = false, to = 'product', initialValue = '' }: ProductSearchProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);
  const [debounced] = useDebouncedValue(value.trim(), SUGGESTION_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const ready = debounced.length >= SUGGESTION_MIN_LENGTH;
  const suggestions = useSuggestions(debounced);
  // Typing ahead of the debounce counts as searching: the list must not show stale «Не найдено».
  const searching = ready && (suggestions.isFetching || debounced !== value.trim());
  const items = ready ? (suggestions.data ?? []) : [];

  const open = (target: string) => {
    combobox.closeDropdown();
    void navigate(target);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(article) => {
        setValue(article);
        open(`/${to}/${encodeURIComponent(article)}`);
      }}
      withinPortal
      position="bottom-start"
    >
      <Combobox.Target>
        <TextInput
          aria-label="Поиск товара"
          placeholder="Артикул или название"
          leftSection={<IconSearch size={16} />}
          rightSection={searching ? <Loader size={14} /> : null}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.resetSelectedOption();
            if (event.currentTarget.value.trim().length >= SUGGESTION_MIN_LENGTH) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => {
            if (value.trim().length >= SUGGESTION_MIN_LENGTH) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter on a highlighted suggestion is the combobox's; otherwise it is a full search.
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1 && value.trim() !== '') {
              event.preventDefault();
              open(searchTarget(to, value));
            }
            if (event.key === 'Escape') combobox.closeDropdown();
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!ready} aria-label="Подсказки поиска">
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }}>
          {searching && items.length === 0 ? (
            <Combobox.Empty>Поиск...</Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>Не найдено</Combobox.Empty>
          ) : (
            items.map((item) => (
              <Combobox.Option value={item.ARTICLE} key={item.ID} aria-label={`${item.ARTICLE} ${item.NAME}`}>
                <Group gap="sm" wrap="nowrap">
                  <Text fw={600} fz="sm" miw={86} ff="monospace">
                    {item.ARTICLE}
                  </Text>
                  <Text fz="sm" lineClamp={1}>
                    {item.NAME}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
