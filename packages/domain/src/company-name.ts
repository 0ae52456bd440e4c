/**
 * Company names are shown shortened (spec §3 "Company"): the legal form spelled out in full becomes its
 * abbreviation — limited liability company → ООО, joint-stock company → АО, sole proprietor → ИП.
 */
const LEGAL_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/общество\s+с\s+ограниченной\s+ответственностью/giu, 'ООО'],
  [/(?:публичное\s+|непубличное\s+|закрытое\s+|открытое\s+)?акционерное\s+общество/giu, 'АО'],
  [/индивидуальный\s+предприниматель/giu, 'ИП'],
];

export function shortenCompanyName(name: string): string {
  let short = name;
  for (const [fullForm, abbreviation] of LEGAL_FORMS) short = short.replace(fullForm, abbreviation);
  return short.replace(/\s{2,}/g, ' ').trim();
}
