/** The files attached to a shipment or a claim, each downloadable (GET /api/files/:id, the company's users only). */
import { Button, Group } from '@mantine/core';
import type { TAttachedFile } from '@portal/contracts';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { apiFile, saveFile } from '../api/client';
import { reportError } from '../errors';

export function AttachedFiles({ files }: { files: TAttachedFile[] }) {
  const [busy, setBusy] = useState<number | null>(null);
  if (files.length === 0) return null;

  async function download(file: TAttachedFile) {
    setBusy(file.id);
    try {
      const { blob, fileName } = await apiFile(`/files/${file.id}`);
      saveFile(blob, fileName ?? file.name);
    } catch (error) {
      reportError('GET_FILE', error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Group gap={6}>
      {files.map((file) => (
        <Button
          key={file.id}
          size="compact-xs"
          variant="light"
          color={file.mime === 'application/pdf' ? 'red' : 'blue'}
          leftSection={file.mime === 'application/pdf' ? <IconFileTypePdf size={14} /> : <IconPhoto size={14} />}
          loading={busy === file.id}
          onClick={() => void download(file)}
          maw={220}
        >
          {file.name}
        </Button>
      ))}
    </Group>
  );
}
