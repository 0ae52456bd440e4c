/**
 * Documents are drawn on the document thread: the main thread goes on while a long proposal is laid out (counted in
 * turns of the event loop, as the engine thread's test does, so a busy machine changes the numbers, not the verdict),
 * pictures cross as bytes and come out in the document, and a document that cannot be drawn fails with its reason
 * while the thread goes on drawing the next.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/modules/documents';
import type { ProposalDocument } from '../../../src/modules/proposals/proposal-document';
import { renderProposalPdf } from '../../../src/modules/proposals/proposal-pdf';
import { PROPOSAL_DOCX_RENDERER, PROPOSAL_PDF_RENDERER } from '../../../src/modules/proposals/proposal-renderers';
import { loopTurnsDuring } from '../../support/event-loop';

/** A proposal of `count` positions of three sizes each: long enough to take pdfmake a good while. */
function proposal(count: number, logo: ProposalDocument['banner'] = null): ProposalDocument {
  const positions = Array.from({ length: count }, (_, i) => ({
    guid: `p${i}`,
    index: i + 1,
    article: `КСТ-${1000 + i}`,
    name: `Костюм летний «Мастер» ${i + 1}`,
    picture: null,
    markup: { kind: 'percent' as const, value: 0, add_sum: 0 },
    lines: ['48-50', '52-54', '56-58'].map((size) => ({ guid: `p${i}-${size}`, characteristic: size, quantity: 2, price: 1320, crossedRetailPrice: null, sum: 2640 })),
    quantity: 6,
    sum: 7920,
  }));
  return {
    number: 'КП-17',
    date: '24.11.2026',
    portrait: true,
    header: logo ? { logo, align: 'left', text: 'ООО «СпецСнаб» — спецодежда и СИЗ' } : null,
    banner: null,
    executor: { name: 'ООО «СпецСнаб»', inn: '7707083893', address: 'Москва', phone: '+7 495 000-00-00', email: 'sales@example.ru', bank: null },
    customer: { name: 'АО «Заказчик»', inn: '7728168971', kpp: '772801001', address: 'Москва' },
    positions,
    totals: { total: 7920 * count, discount: 0, vat: Math.round((7920 * count * 22) / 122), vatPercent: 22, count: 6 * count, positions: count },
    conditions: [{ label: 'Срок поставки', text: '5 рабочих дней' }],
    comment: '',
  };
}

describe('the document thread', () => {
  it('leaves the main thread free while a document is drawn', { timeout: 120_000 }, async () => {
    const long = proposal(400);
    // The first document also starts the thread: measured from the second on.
    await renderDocument(PROPOSAL_PDF_RENDERER, proposal(1));
    let bytes: Buffer | undefined;
    const turnsOffThread = await loopTurnsDuring(async () => {
      bytes = await renderDocument(PROPOSAL_PDF_RENDERER, long);
    });
    expect(bytes!.subarray(0, 5).toString()).toBe('%PDF-');
    // The control shows the measure can fail: drawn on the calling thread, the layout holds the loop.
    const turnsInline = await loopTurnsDuring(() => renderProposalPdf(long));
    expect(turnsOffThread).toBeGreaterThan(10 * Math.max(turnsInline, 1));
  });

  it('carries pictures across as bytes into the document', { timeout: 60_000 }, async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0b4f8a' } }).png().toBuffer();
    const withLogo = await renderDocument(PROPOSAL_PDF_RENDERER, proposal(1, { bytes: png, mime: 'image/png', width: 40, height: 20 }));
    const without = await renderDocument(PROPOSAL_PDF_RENDERER, proposal(1));
    // The logo is embedded as an image object; the same document without it has none.
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(without.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('fails a document it cannot draw with the reason, and draws the next', { timeout: 60_000 }, async () => {
    const broken = { ...proposal(1), positions: null } as unknown as ProposalDocument;
    await expect(renderDocument(PROPOSAL_PDF_RENDERER, broken)).rejects.toThrow(/The document was not drawn: .+/);
    const next = await renderDocument(PROPOSAL_DOCX_RENDERER, proposal(2));
    expect(next.subarray(0, 2).toString()).toBe('PK');
  });

  it('loads renderers from the server’s own modules only, and says which export is missing', { timeout: 60_000 }, async () => {
    await expect(renderDocument({ module: 'file:///tmp/elsewhere.mjs', exportName: 'render' }, {})).rejects.toThrow(/A renderer is a module of the server/);
    await expect(renderDocument({ ...PROPOSAL_PDF_RENDERER, exportName: 'renderNothing' }, proposal(1))).rejects.toThrow(/No renderer «renderNothing»/);
    const pdf = await renderDocument(PROPOSAL_PDF_RENDERER, proposal(1));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
