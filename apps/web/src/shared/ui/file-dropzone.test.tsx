import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { FileDropzone } from './file-dropzone';

describe('FileDropzone', () => {
  it('names its file input in Russian after the field, not «file upload»', async () => {
    renderWithProviders(<FileDropzone files={[]} onChange={() => {}} label="Фото и документы (акт, накладная)" />);
    const input = await screen.findByLabelText('Фото и документы (акт, накладная): выбрать файлы');
    expect(input).toHaveAttribute('type', 'file');
  });
});
