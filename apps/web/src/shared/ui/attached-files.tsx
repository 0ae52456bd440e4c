/**
 * The files attached to a shipment or a claim (GET /api/files/:id, the company's users only): photos as thumbnails,
 * documents as buttons; a click downloads the file. Thumbnails are fetched with the token (no cookies) as blobs.
 */
import { Button, Group, Image, Loader, Tooltip, UnstyledButton } from '@mantine/core';
import type { TAttachedFile } from '@portal/contracts';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { apiFile, saveFile } from '../api/client';
import { reportError } from '../errors';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

async function download(file: TAttachedFile) {
  try {
    const { blob, fileName } = await apiFile(`/files/${file.id}`);
    saveFile(blob, fileName ?? file.name);
  } catch (error) {
    reportError('GET_FILE', error);
  }
}

export function AttachedFiles({ files, thumbnails = false }: { files: TAttachedFile[]; thumbnails?: boolean }) {
  const [busy, setBusy] = useState<number | null>(null);
  if (files.length === 0) return null;

  async function get(file: TAttachedFile) {
    setBusy(file.id);
    await download(file);
    setBusy(null);
  }

  return (
    <Group gap={8}>
      {files.map((file) =>
        thumbnails && IMAGE_TYPES.has(file.mime) ? (
          <Thumbnail key={file.id} file={file} onOpen={() => void get(file)} />
        ) : (
          <Button
            key={file.id}
            size="compact-xs"
            variant="light"
            color={file.mime === 'application/pdf' ? 'red' : 'blue'}
            leftSection={file.mime === 'application/pdf' ? <IconFileTypePdf size={14} /> : <IconPhoto size={14} />}
            loading={busy === file.id}
            onClick={() => void get(file)}
            maw={220}
          >
            {file.name}
          </Button>
        ),
      )}
    </Group>
  );
}

function Thumbnail({ file, onOpen }: { file: TAttachedFile; onOpen: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    apiFile(`/files/${file.id}`, { query: { inline: 1 } })
      .then(({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.id]);

  return (
    <Tooltip label={`${file.name} — скачать`}>
      <UnstyledButton
        onClick={onOpen}
        aria-label={file.name}
        w={88}
        h={66}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--mantine-color-default-hover)',
        }}
      >
        {url ? <Image src={url} alt={file.name} w="100%" h="100%" fit="cover" /> : failed ? <IconPhoto size={22} color="var(--mantine-color-dimmed)" /> : <Loader size="xs" />}
      </UnstyledButton>
    </Tooltip>
  );
}
