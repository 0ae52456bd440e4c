/**
 * zod's messages in Russian, phrased for a dealer: what is wrong and what to enter instead, without type names or
 * signs like «>=». A schema's own message always comes first (zod uses this map only where a schema has none); what
 * this map does not phrase falls back to zod's own Russian locale. Installed when the contracts load (index.ts) and by the web app's zod setup.
 */
import { pluralRu, type PluralForms } from '@portal/domain';
import { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const TYPE_NAMES: Record<string, string> = {
  string: 'текстом',
  number: 'числом',
  int: 'целым числом',
  boolean: 'значением «да» или «нет» (true или false)',
  array: 'списком',
  object: 'объектом',
  date: 'датой',
  bigint: 'целым числом',
};

const FORMAT_HINTS: Record<string, string> = {
  email: 'укажите адрес электронной почты вида name@example.ru',
  url: 'укажите адрес вида https://example.ru',
  uuid: 'укажите идентификатор в формате UUID',
  guid: 'укажите идентификатор в формате GUID',
  date: 'укажите дату в формате ГГГГ-ММ-ДД',
  datetime: 'укажите дату и время в формате ISO 8601',
  regex: 'проверьте формат значения',
};

const number = (value: number | bigint) => (typeof value === 'bigint' ? value.toString() : value.toLocaleString('ru-RU'));

/** After «не длиннее N» / «не короче N» the noun is genitive: 1 и 21 символа, 2, 5 и 11 символов. */
const CHARACTERS_AFTER_LIMIT: PluralForms = { one: 'символа', few: 'символов', many: 'символов' };
const characters = (n: number | bigint) => pluralRu(Number(n), CHARACTERS_AFTER_LIMIT);

function describeValue(value: unknown) {
  return typeof value === 'string' ? `«${value}»` : String(value);
}

export function russianIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'обязательное поле: заполните его';
      if (issue.expected === 'number' && typeof issue.input === 'number') return 'укажите конечное число';
      return `должно быть ${TYPE_NAMES[issue.expected] ?? 'другого вида'}`;
    case 'too_big': {
      const limit = number(issue.maximum);
      if (issue.origin === 'string') return `не длиннее ${limit} ${characters(issue.maximum)}: сократите текст`;
      if (issue.origin === 'array' || issue.origin === 'set') return `не больше ${limit} элементов: уберите лишние`;
      if (issue.origin === 'date') return 'дата слишком поздняя';
      return issue.inclusive === false ? `должно быть меньше ${limit}` : `должно быть не больше ${limit}`;
    }
    case 'too_small': {
      const limit = number(issue.minimum);
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'не может быть пустым: заполните его' : `не короче ${limit} ${characters(issue.minimum)}`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1 ? 'добавьте хотя бы один элемент' : `нужно не меньше ${limit} элементов`;
      }
      if (issue.origin === 'date') return 'дата слишком ранняя';
      return issue.inclusive === false ? `должно быть больше ${limit}` : `должно быть не меньше ${limit}`;
    }
    case 'invalid_format':
      return FORMAT_HINTS[issue.format] ? `неверный формат: ${FORMAT_HINTS[issue.format]}` : 'неверный формат значения';
    case 'not_multiple_of':
      return `должно быть кратно ${number(issue.divisor)}`;
    case 'unrecognized_keys':
      return `лишние поля ${issue.keys.map((key) => `«${key}»`).join(', ')}: уберите их`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `допустимо только значение ${describeValue(issue.values[0])}`
        : `допустимые значения: ${issue.values.map(describeValue).join(', ')}`;
    case 'invalid_union':
      return 'значение не подходит ни под один из допустимых вариантов';
    case 'invalid_key':
      return 'неверное имя поля';
    case 'invalid_element':
      return 'неверный элемент списка';
    default:
      return undefined;
  }
}

/**
 * Makes these zod's messages. A call, not an import for its side effect: the package is marked side-effect free, so a
 * bundler drops a bare import — the web app calls this before its first parse (shared/lib/zod-config.ts).
 */
export function installRussianMessages() {
  const zodRussian = z.locales.ru().localeError;
  z.config({ localeError: (issue) => russianIssueMessage(issue) ?? zodRussian(issue) });
}
