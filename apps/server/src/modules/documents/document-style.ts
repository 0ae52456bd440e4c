/**
 * How the portal's documents look — the invoice, the proposal's PDF and its Word file — in one place, so the three
 * read as one family. Amounts are printed by the domain's `formatDocumentAmount`.
 */

/** The documents' colours as pdfmake takes them ('#rrggbb'). */
export const DOCUMENT_COLOURS = {
  /** Headings, the table's header, the total. */
  accent: '#0b4f8a',
  /** Body text. */
  ink: '#1f2933',
  /** Labels, secondary lines, page numbers. */
  muted: '#6b7785',
  /** Rules and cell borders. */
  line: '#d5dce4',
  /** Every other table row, a header's fill. */
  zebra: '#f4f7fa',
  /** A discount, the money the customer saves. */
  saving: '#2f7d32',
  /** The stand-in for a missing picture. */
  placeholder: '#a0aab4',
  /** Text on the accent. */
  onAccent: '#ffffff',
} as const;

export type DocumentColour = keyof typeof DOCUMENT_COLOURS;

/** The same colours as Word takes them ('RRGGBB', no '#'). */
export const WORD_COLOURS = Object.fromEntries(
  Object.entries(DOCUMENT_COLOURS).map(([name, hex]) => [name, hex.slice(1).toUpperCase()]),
) as Record<DocumentColour, string>;
