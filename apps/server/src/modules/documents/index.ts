/**
 * The documents module: draws documents off the main thread with the renderers other modules name, and holds how every
 * document looks. It imports no other module.
 */
export { documentRenderer, renderDocument, type DocumentRenderer } from './document-thread';
export { DOCUMENT_COLOURS, WORD_COLOURS, type DocumentColour } from './document-style';
export { DEMO_DOCUMENT_NOTE, renderPdf } from './pdf';
