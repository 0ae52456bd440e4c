/**
 * Company names are shown shortened (spec §3 "Company"): the legal form spelled out in full becomes its legal
 * abbreviation — limited liability company → ООО, public joint-stock company → ПАО, joint-stock company (also
 * «непубличное») → АО, the older closed and open forms → ЗАО and ОАО, sole proprietor → ИП. One rule for every
 * screen and document.
 */
const LEGAL_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/общество\s+с\s+ограниченной\s+ответственностью/giu, 'ООО'],
  // Before «публичное», which it contains.
  [/непубличное\s+акционерное\s+общество/giu, 'АО'],
  [/публичное\s+акционерное\s+общество/giu, 'ПАО'],
  [/закрытое\s+акционерное\s+общество/giu, 'ЗАО'],
  [/открытое\s+акционерное\s+общество/giu, 'ОАО'],
  [/акционерное\s+общество/giu, 'АО'],
  [/индивидуальный\s+предприниматель/giu, 'ИП'],
];

export function shortenCompanyName(name: string): string {
  let short = name;
  for (const [fullForm, abbreviation] of LEGAL_FORMS) short = short.replace(fullForm, abbreviation);
  return short.replace(/\s{2,}/g, ' ').trim();
}
