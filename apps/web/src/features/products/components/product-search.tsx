/**
 * The product search widget (spec §2, §4, §5): suggestions after 500 ms of quiet from 2 characters, «Поиск...» while
 * they load and «Не найдено» when there are none; arrows move through them and Enter opens one; Enter without a
 * chosen suggestion runs a full search (option 0 for an article, with the hyphen of a ЛЛЛЦЦЦЛ code, else option 2).
 * Suggestions are links to /{to}/{article} (so «open in a new tab» works); the list hides on a click outside or
 * Escape. While a query loads, the list shows only «Поиск...», never the previous query's products. On a phone the
 * list takes the screen's width, not the narrow field's.
 */
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useMediaQuery, useViewportSize } from '@mantine/hooks';
import { SEARCH_OPTION, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_LENGTH, searchRequestFor } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSuggestions } from '../api/get-suggestions';

export interface ProductSearchProps {
  autoFocus?: boolean;
  /** The first part of the address suggestions and searches open: /{to}/{article} (default «product»). */
  to?: string;
  /** Text to start with (the product page passes what it shows). */
  initialValue?: string;
}

/** A suggestion's own address. */
export const suggestionTarget = (to: string, article: string) => `/${to}/${encodeURIComponent(article)}`;

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
  const items = ready && !searching ? (suggestions.data ?? []) : [];
  const phone = useMediaQuery('(max-width: 48em)');
  const { width: viewportWidth } = useViewportSize();

  const open = (target: string) => {
    combobox.closeDropdown();
    void navigate(target);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(article) => {
        setValue(article);
        open(suggestionTarget(to, article));
      }}
      withinPortal
      position="bottom-start"
      width={phone && viewportWidth ? viewportWidth - 16 : 'target'}
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
          {searching ? (
            <Combobox.Empty>Поиск...</Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>Не найдено</Combobox.Empty>
          ) : (
            items.map((item) => (
              <Combobox.Option value={item.ARTICLE} key={item.ID} aria-label={`${item.ARTICLE} ${item.NAME}`} p={0}>
                <Link
                  to={suggestionTarget(to, item.ARTICLE)}
                  tabIndex={-1}
                  style={{ display: 'block', padding: '6px var(--mantine-spacing-sm)', color: 'inherit', textDecoration: 'none' }}
                  onClick={(event) => {
                    // A plain click is the combobox's (it closes the list and navigates); with a modifier the
                    // browser opens the link in a new tab or window and the list stays as it is.
                    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) event.stopPropagation();
                    else event.preventDefault();
                  }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Text fw={600} fz="sm" miw={86} ff="monospace">
                      {item.ARTICLE}
                    </Text>
                    <Text fz="sm" lineClamp={1}>
                      {item.NAME}
                    </Text>
                  </Group>
                </Link>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
