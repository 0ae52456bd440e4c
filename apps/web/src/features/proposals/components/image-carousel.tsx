/**
 * A logo or banner carousel (spec §4: next, previous, shift): the front item is the chosen one; ‹ › rotate the list,
 * a click on a thumbnail shifts it to the front. Upload and delete work on the user's own library.
 */
import { ActionIcon, Box, FileButton, Group, Loader, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { openConfirmModal, usePrepareConfirmations } from '../../../shared/ui/confirm-modal';
import type { TProposalImage, TProposalImageKind } from '@portal/contracts';
import { IconChevronLeft, IconChevronRight, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { reportError } from '../../../shared/errors';
import { useAddProposalImage } from '../api/add-proposal-image';
import { useDeleteProposalImage } from '../api/delete-proposal-image';
import { IMAGE_ACTIONS, useProposalImages } from '../api/get-proposal-images';
import { useImageUrl } from '../api/get-image-blob';
import { rotateNext, rotatePrevious, shiftTo, startingAt } from '../lib/carousel';
import { ACCEPTED_IMAGE_TYPES, ImagePreparationError, prepareLibraryImage } from '../lib/image-upload';

const VISIBLE = 4;
const TEXTS = {
  logo: { title: 'Логотип', empty: 'Логотипов пока нет: загрузите свой.', upload: 'Загрузить логотип', remove: 'Удалить логотип' },
  banner: { title: 'Баннер', empty: 'Баннеров пока нет: загрузите свой.', upload: 'Загрузить баннер', remove: 'Удалить баннер' },
};

function Thumb({ image, chosen, onClick, kind }: { image: TProposalImage; chosen: boolean; onClick: () => void; kind: TProposalImageKind }) {
  const url = useImageUrl(image.src);
  const width = kind === 'banner' ? 150 : 96;
  return (
    <UnstyledButton
      onClick={onClick}
      aria-label={`${TEXTS[kind].title} ${image.name}`}
      aria-pressed={chosen}
      data-testid={`kp-${kind}-thumb`}
      data-chosen={chosen}
      style={{
        width,
        height: 64,
        borderRadius: 8,
        padding: 4,
        display: 'grid',
        placeItems: 'center',
        border: chosen ? '2px solid var(--mantine-color-blue-6)' : '1px solid var(--mantine-color-default-border)',
        background: 'repeating-conic-gradient(#f1f3f5 0% 25%, #ffffff 0% 50%) 50% / 12px 12px',
        flex: '0 0 auto',
      }}
    >
      {url ? <img src={url} alt={image.name} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : <Loader size="xs" />}
    </UnstyledButton>
  );
}

export function ImageCarousel({ kind, chosenId, onChoose }: { kind: TProposalImageKind; chosenId: number | null; onChoose: (id: number | null) => void }) {
  usePrepareConfirmations();
  const images = useProposalImages(kind);
  const add = useAddProposalImage();
  const remove = useDeleteProposalImage();
  const list = images.data ?? [];
  const ordered = startingAt(list, chosenId);
  const chosen = list.find((image) => image.id === chosenId) ?? null;

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const prepared = await prepareLibraryImage(file, kind);
      const answer = await add.mutateAsync({ kind, file: prepared.blob, name: prepared.name });
      // The new one is the last of the upload-ordered list: choose it.
      const added = answer.data.at(-1);
      if (added) onChoose(added.id);
    } catch (error) {
      // Server failures are reported by the mutation; preparation failures are reported here.
      if (error instanceof ImagePreparationError) reportError(IMAGE_ACTIONS[kind].add, error);
    }
  };

  const confirmDelete = () => {
    if (!chosen) return;
    openConfirmModal({
      title: TEXTS[kind].remove,
      children: <Text size="sm">Удалить «{chosen.name}» из библиотеки? Уже скачанные документы не изменятся.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red', 'data-testid': `kp-${kind}-delete-confirm` } as Record<string, unknown>,
      onConfirm: () => {
        const next = rotateNext(ordered)[0];
        remove.mutate(
          { kind, id: chosen.id },
          { onSuccess: () => onChoose(next && next.id !== chosen.id ? next.id : null) },
        );
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`kp-${kind}-carousel`}>
      <Group justify="space-between" mb={8}>
        <Text fw={600} size="sm">
          {TEXTS[kind].title}
          {chosen && (
            <Text span c="dimmed" size="sm" fw={400}>
              {' '}
              · {chosen.name}
            </Text>
          )}
        </Text>
        <Group gap={4}>
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED_IMAGE_TYPES.join(',')} inputProps={{ 'aria-label': TEXTS[kind].upload }}>
            {(props) => (
              <Tooltip label={`${TEXTS[kind].upload}: PNG, JPEG, WebP или SVG`}>
                <ActionIcon variant="light" aria-label={TEXTS[kind].upload} loading={add.isPending} data-testid={`kp-${kind}-upload`} {...props}>
                  <IconUpload size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Tooltip label={TEXTS[kind].remove}>
            <ActionIcon variant="light" color="red" aria-label={TEXTS[kind].remove} disabled={!chosen} loading={remove.isPending} onClick={confirmDelete} data-testid={`kp-${kind}-delete`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {images.isLoading ? (
        <Group justify="center" h={64}>
          <Loader size="sm" />
        </Group>
      ) : list.length === 0 ? (
        <Stack align="center" gap={4} h={64} justify="center">
          <IconPhotoOff size={20} color="var(--mantine-color-gray-5)" />
          <Text size="xs" c="dimmed">
            {TEXTS[kind].empty}
          </Text>
        </Stack>
      ) : (
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label="Предыдущий" disabled={list.length < 2} onClick={() => onChoose(rotatePrevious(ordered)[0]!.id)} data-testid={`kp-${kind}-previous`}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Box style={{ display: 'flex', gap: 6, overflow: 'hidden', flex: 1 }}>
            {ordered.slice(0, VISIBLE).map((image, index) => (
              <Thumb key={image.id} kind={kind} image={image} chosen={image.id === chosenId} onClick={() => onChoose(shiftTo(ordered, index)[0]!.id)} />
            ))}
          </Box>
          <ActionIcon variant="subtle" aria-label="Следующий" disabled={list.length < 2} onClick={() => onChoose(rotateNext(ordered)[0]!.id)} data-testid={`kp-${kind}-next`}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      )}
    </Paper>
  );
}
