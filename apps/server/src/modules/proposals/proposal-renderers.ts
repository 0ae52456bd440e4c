/** The proposal's PDF and Word file as the document thread draws them: only the renderers' names here. */
import { documentRenderer } from '../documents';
import type * as docx from './proposal-docx';
import type * as pdf from './proposal-pdf';

export const PROPOSAL_PDF_RENDERER = documentRenderer<typeof pdf, 'renderProposalPdf'>(import.meta.url, 'proposal-pdf', 'renderProposalPdf');
export const PROPOSAL_DOCX_RENDERER = documentRenderer<typeof docx, 'renderProposalDocx'>(import.meta.url, 'proposal-docx', 'renderProposalDocx');
