/**
 * The product search widget (spec §2, §4, §5): suggestions after 500 ms of quiet from 2 characters, «Поиск...» while
 * they load and «Не найдено» when there are none; arrows move through them and Enter opens one; Enter without a
 * chosen suggestion runs a full search (option 0 for an article, with the hyphen of a ЛЛЛЦЦЦЛ code, else option 2).
 * Suggestions are links to /{to}/{article} (so «open in a new tab» works); the list hides on a click outside or
 * Escape. While a query loads, the list shows only «Поиск...», never the previous query's products. On a phone the
 * list takes the screen's width, not the narrow field's.
 *
 * The list is a plain listbox under the field, with the attributes Mantine's Combobox gives the field (the field
 * stays a textbox, which aria-expanded is not allowed on), not Mantine's Combobox itself: that one places
 * its dropdown with floating-ui (with the popover, about 27 KB of gzip), which every signed-in page would load for the
 * header's search.
 */
import { Group, Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery, useViewportSize } from '@mantine/hooks';
import { SEARCH_OPTION, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_LENGTH, searchRequestFor } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSuggestions } from '../api/get-suggestions';
import classes from './product-search.module.css';

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

/** The screen's edge margin of the list on a phone. */
const PHONE_MARGIN = 8;

export function ProductSearch({ autoFocus = false, to = 'product', initialValue = '' }: ProductSearchProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);
  const [debounced] = useDebouncedValue(value.trim(), SUGGESTION_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState(-1);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const ready = debounced.length >= SUGGESTION_MIN_LENGTH;
  const suggestions = useSuggestions(debounced);
  // Typing ahead of the debounce counts as searching: the list must not show stale «Не найдено».
  const searching = ready && (suggestions.isFetching || debounced !== value.trim());
  const items = ready && !searching ? (suggestions.data ?? []) : [];
  const shown = opened && ready;
  const active = shown && selected >= 0 && selected < items.length ? selected : -1;

  // On a phone the list spans the screen: its left edge is moved from the field's to the screen's margin.
  const phone = useMediaQuery('(max-width: 48em)');
  const { width: viewportWidth } = useViewportSize();
  const [phoneLeft, setPhoneLeft] = useState(0);
  useLayoutEffect(() => {
    if (shown && phone && root.current) setPhoneLeft(PHONE_MARGIN - root.current.getBoundingClientRect().left);
  }, [shown, phone, viewportWidth]);

  // The highlighted suggestion stays in view while the arrows move through a long list.
  useLayoutEffect(() => {
    if (active >= 0) list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setOpened(false);
    setSelected(-1);
  };

  const open = (target: string) => {
    close();
    void navigate(target);
  };

  const submitSuggestion = (article: string) => {
    setValue(article);
    open(suggestionTarget(to, article));
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className={classes.root} ref={root}>
      <TextInput
        aria-label="Поиск товара"
        placeholder="Артикул или название"
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size={14} /> : null}
        autoFocus={autoFocus}
        autoComplete="off"
        aria-haspopup="listbox"
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setValue(next);
          setSelected(-1);
          setOpened(next.trim().length >= SUGGESTION_MIN_LENGTH);
        }}
        onFocus={() => {
          if (value.trim().length >= SUGGESTION_MIN_LENGTH) setOpened(true);
        }}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.nativeEvent.isComposing) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (!shown) {
              if (value.trim().length >= SUGGESTION_MIN_LENGTH) setOpened(true);
              return;
            }
            if (items.length === 0) return;
            const step = event.key === 'ArrowDown' ? 1 : -1;
            // From nothing highlighted, down goes to the first and up to the last; the ends wrap round.
            setSelected((active < 0 ? (step > 0 ? 0 : items.length - 1) : active + step + items.length) % items.length);
          } else if (event.key === 'Enter') {
            if (active >= 0) {
              event.preventDefault();
              submitSuggestion(items[active]!.ARTICLE);
            } else if (value.trim() !== '') {
              event.preventDefault();
              open(searchTarget(to, value));
            }
          } else if (event.key === 'Escape') close();
        }}
      />
      {shown && (
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-label="Подсказки поиска"
          className={classes.dropdown}
          style={phone && viewportWidth ? { left: phoneLeft, width: viewportWidth - 2 * PHONE_MARGIN } : undefined}
          // A press on the list must not take the focus from the field (that would close the list before the click).
          onMouseDown={(event) => event.preventDefault()}
        >
          {searching ? (
            <div className={classes.empty}>Поиск...</div>
          ) : items.length === 0 ? (
            <div className={classes.empty}>Не найдено</div>
          ) : (
            items.map((item, index) => (
              <div
                key={item.ID}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                aria-label={`${item.ARTICLE} ${item.NAME}`}
                data-index={index}
                data-combobox-selected={index === active || undefined}
                className={classes.option}
                onClick={() => submitSuggestion(item.ARTICLE)}
              >
                <Link
                  to={suggestionTarget(to, item.ARTICLE)}
                  tabIndex={-1}
                  className={classes.link}
                  onClick={(event) => {
                    // A plain click is the list's (it closes the list and navigates); with a modifier the browser
                    // opens the link in a new tab or window and the list stays as it is.
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
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
