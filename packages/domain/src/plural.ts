/** Russian plural forms by the language's own rule (Intl.PluralRules 'ru'): 1 день, 2 дня, 5 дней, 21 день. */
const rules = new Intl.PluralRules('ru');

export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

export function pluralRu(count: number, forms: PluralForms): string {
  const category = rules.select(count);
  return category === 'one' ? forms.one : category === 'few' ? forms.few : forms.many;
}

/** «21 календарный день». */
export const countWithNoun = (count: number, forms: PluralForms) => `${count} ${pluralRu(count, forms)}`;

/** «3 единицы» of goods in a document's totals. */
export const UNITS: PluralForms = { one: 'единица', few: 'единицы', many: 'единиц' };

/** «… и ещё 2 строки» of a table shown in part. */
export const ROWS: PluralForms = { one: 'строка', few: 'строки', many: 'строк' };
