/**
 * The drafts modal (spec §2, §4 «Drafts»): save the working order as a draft, rename inline, delete one or all (with a
 * confirmation), use a draft (it becomes the working order with a new id and opens /order, saying which prices or
 * stock changed since it was saved), or start a proposal from it (step 2 of /kp). The drafts are the user's on every
 * device (model/drafts-sync.ts); one saved here while offline is marked until the server has it.
 */
import { DRAFT_LIMITS, savedLinesOf, todaysLinesOf, type TCompany } from '@portal/contracts';
import { formatPrice, savedLineChanges, shortenCompanyName } from '@portal/domain';
import { ActionIcon, Badge, Box, Button, Group, Paper, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { openConfirmModal, usePrepareConfirmations } from '../../../shared/ui/confirm-modal';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCloudOff, IconFileDescription, IconPencil, IconPlayerPlay, IconTrash, IconX } from '@tabler/icons-react';
import dayjs from '../../../shared/lib/dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { reportError } from '../../../shared/errors';
import { PortalModal } from '../../../shared/ui/portal-modal';
import { StatefulButton } from '../../../shared/ui/stateful-button';
import { handPositionsToProposal } from '../../../shared/proposal-handoff';
import { partnersQueryOptions, usePartners } from '../../../shared/api/get-partners';
import { useDraftsStore, type Draft } from '../model/drafts-store';
import { useOrderStore } from '../model/order-store';
import { atTodaysPrices } from '../model/todays-offers';

type Mode = { id: number; action: 'rename' } | null;

export function DraftsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  usePrepareConfirmations();
  const drafts = useDraftsStore((state) => state.drafts);
  const { save, rename, remove, clear } = useDraftsStore.getState();
  const order = useOrderStore((state) => state.order);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>(null);
  const [renameText, setRenameText] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const orderEmpty = order.position.length + order.position_presail.length === 0;
  const full = drafts.length >= DRAFT_LIMITS.perUser;
  const companies = usePartners().data ?? [];
  // With one company every draft is its; with several, each row names the company it was made for.
  const companyOf = (draft: Draft) =>
    companies.length > 1 ? companies.find((company) => company.uid === draft.partner_id)?.name : undefined;

  const saveCurrent = () => {
    save(order, name);
    setName('');
    notifications.show({ color: 'teal', message: 'Черновик сохранён.' });
  };

  const confirmDelete = (draft: Draft) =>
    openConfirmModal({
      title: 'Удалить черновик?',
      children: <Text size="sm">«{draft.name}» будет удалён без возможности восстановления.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove(draft.id),
    });

  const confirmClear = () =>
    openConfirmModal({
      title: 'Удалить все черновики?',
      children: <Text size="sm">Будут удалены все черновики: {drafts.length}.</Text>,
      labels: { confirm: 'Удалить все', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: clear,
    });

  const continueWith = async (draft: Draft) => {
    const companies = await queryClient.fetchQuery(partnersQueryOptions()).catch(() => [] as TCompany[]);
    const company = companies.find((candidate) => candidate.uid === draft.partner_id) ?? companies[0];
    const now = Date.now();
    // The draft's own revision stays with the draft: the working order is a new one.
    const { revision: _revision, renamed: _renamed, ...content } = structuredClone(draft);
    let next: Draft = { ...content, id: now, date: now, name: '', edit: false, number: undefined };
    const priced = await atTodaysPrices(next, company).catch((error: unknown) => {
      reportError('GET_DRAFT_PRICES', error);
      return null;
    });
    if (priced) {
      // Lines no longer sold have left the order; the dealer is told which, and which prices or stock changed.
      const changes = savedLineChanges(savedLinesOf([...draft.position, ...draft.position_presail]), todaysLinesOf([...priced.position, ...priced.position_presail]));
      next = priced;
      if (changes.length > 0) {
        notifications.show({
          color: 'orange',
          title: 'С момента сохранения черновика изменилось',
          autoClose: 15_000,
          message: (
            <Stack gap={2} data-testid="draft-changes">
              {changes.slice(0, 8).map((change) => (
                <Text size="xs" key={`${change.kind}-${change.offerGuid}`}>
                  {change.message}
                </Text>
              ))}
              {changes.length > 8 && <Text size="xs">и ещё {changes.length - 8}</Text>}
            </Stack>
          ),
        });
      }
    }
    useOrderStore.getState().replace(next);
    onClose();
    navigate(paths.order());
  };

  const confirmUse = (draft: Draft) =>
    openConfirmModal({
      title: 'Продолжить заказ по черновику?',
      children: (
        <Text size="sm">
          {orderEmpty ? 'Черновик станет текущим заказом.' : 'Текущий заказ будет заменён черновиком. Сохраните его в черновики, если он нужен.'} Цены
          и остатки будут обновлены.
        </Text>
      ),
      labels: { confirm: 'Продолжить', cancel: 'Отмена' },
      onConfirm: () => void continueWith(draft),
    });

  const toProposal = (draft: Draft) => {
    handPositionsToProposal([...draft.position, ...draft.position_presail]);
    onClose();
    navigate(paths.proposal);
  };

  return (
    <PortalModal opened={opened} onClose={onClose} title="Черновики" size="lg" data-testid="drafts-modal">
      <Stack gap="md">
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-light)">
          {/* On a phone the button goes under the name, which keeps the width for its placeholder. */}
          <Group align="flex-end" gap="xs">
            <TextInput
              style={{ flex: '1 1 14rem', minWidth: 0 }}
              label="Сохранить текущий заказ как черновик"
              placeholder={orderEmpty ? 'Текущий заказ пуст' : 'Название, например «Весна»'}
              value={name}
              maxLength={DRAFT_LIMITS.name}
              onChange={(event) => setName(event.currentTarget.value)}
              disabled={orderEmpty || full}
              error={full ? `Черновиков ${drafts.length} — это предел. Удалите ненужные, чтобы сохранить новый.` : undefined}
            />
            <StatefulButton state={orderEmpty || full ? 'disabled' : 'active'} onClick={saveCurrent} data-testid="save-draft">
              Сохранить
            </StatefulButton>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            Черновики хранятся в вашей учётной записи: они видны на всех ваших устройствах.
          </Text>
        </Paper>

        {drafts.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            Черновики отсутствуют
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap="xs">
              {drafts.map((draft) => {
                const renaming = mode?.id === draft.id && mode.action === 'rename';
                const busy = mode !== null && !renaming;
                const units = draft.total_count;
                const company = companyOf(draft);
                return (
                  <Paper
                    key={draft.id}
                    withBorder
                    radius="md"
                    p="sm"
                    data-testid="draft-row"
                    style={{ borderColor: selected === draft.id ? 'var(--mantine-color-blue-5)' : undefined, cursor: 'pointer' }}
                    onClick={() => !renaming && setSelected((current) => (current === draft.id ? null : draft.id))}
                  >
                    {/* On a phone the actions go under the name instead of out of the dialog. */}
                    <Group justify="space-between" gap="xs">
                      <Box style={{ flex: '1 1 14rem', minWidth: 0 }} onClick={(event) => renaming && event.stopPropagation()}>
                        {renaming ? (
                          <TextInput
                            size="xs"
                            aria-label="Название черновика"
                            value={renameText}
                            autoFocus
                            onChange={(event) => setRenameText(event.currentTarget.value)}
                            onKeyDown={(event) => {
                              if (event.key === 'Enter') {
                                rename(draft.id, renameText);
                                setMode(null);
                              } else if (event.key === 'Escape') setMode(null);
                            }}
                          />
                        ) : (
                          <Text fw={600} truncate>
                            {draft.name}
                          </Text>
                        )}
                        <Group gap={6} mt={2}>
                          <Text size="xs" c="dimmed">
                            {dayjs(draft.id).format('DD.MM.YYYY HH:mm')}
                          </Text>
                          <Badge size="xs" variant="light">
                            {draft.count} поз. · {units} шт.
                          </Badge>
                          <Text size="xs" fw={600}>
                            {formatPrice(draft.total)}
                          </Text>
                          {draft.total_presail > 0 && (
                            <Badge size="xs" color="orange" variant="light">
                              предзаказ {formatPrice(draft.total_presail)}
                            </Badge>
                          )}
                          {company && (
                            <Text size="xs" c="dimmed" truncate maw={180}>
                              {shortenCompanyName(company)}
                            </Text>
                          )}
                          {draft.revision === undefined && (
                            <Tooltip label="Сохранён только в этом браузере: будет отправлен, когда появится связь">
                              <Badge size="xs" color="gray" variant="light" leftSection={<IconCloudOff size={10} />} data-testid="draft-not-synced">
                                не отправлен
                              </Badge>
                            </Tooltip>
                          )}
                          {draft.delivery.case === 'other' && draft.delivery.cost > 0 && (
                            <Badge size="xs" color="grape" variant="light">
                              + доставка {formatPrice(draft.delivery.cost)}
                            </Badge>
                          )}
                        </Group>
                      </Box>
                      <Group gap={4} wrap="nowrap" ml="auto" onClick={(event) => event.stopPropagation()}>
                        {renaming ? (
                          <>
                            <ActionIcon
                              variant="light"
                              color="teal"
                              aria-label="Сохранить название"
                              onClick={() => {
                                rename(draft.id, renameText);
                                setMode(null);
                              }}
                            >
                              <IconCheck size={16} />
                            </ActionIcon>
                            <ActionIcon variant="subtle" color="gray" aria-label="Отменить переименование" onClick={() => setMode(null)}>
                              <IconX size={16} />
                            </ActionIcon>
                          </>
                        ) : (
                          <>
                            <Tooltip label="Переименовать">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Переименовать ${draft.name}`}
                                disabled={busy}
                                onClick={() => {
                                  setRenameText(draft.name);
                                  setMode({ id: draft.id, action: 'rename' });
                                }}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Создать КП из черновика">
                              <ActionIcon variant="subtle" color="grape" aria-label={`КП из ${draft.name}`} disabled={busy} onClick={() => toProposal(draft)}>
                                <IconFileDescription size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Удалить">
                              <ActionIcon variant="subtle" color="red" aria-label={`Удалить ${draft.name}`} disabled={busy} onClick={() => confirmDelete(draft)}>
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Button
                              size="xs"
                              leftSection={<IconPlayerPlay size={14} />}
                              disabled={busy}
                              onClick={() => confirmUse(draft)}
                              aria-label={`Использовать ${draft.name}`}
                            >
                              Использовать
                            </Button>
                          </>
                        )}
                      </Group>
                    </Group>
                    {selected === draft.id && (
                      <Stack gap={2} mt="xs">
                        {[...draft.position, ...draft.position_presail].map((position, index) => (
                          <Text size="xs" key={`${position.guid}-${index}`} c="dimmed">
                            {position.article} {position.product.NAME} —{' '}
                            {position.characteristics.map((line) => `${line.CHARACTERISTIC}: ${line.count}`).join(', ')}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {drafts.length > 0 && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={confirmClear} disabled={mode !== null}>
              Удалить все
            </Button>
          </Group>
        )}
      </Stack>
    </PortalModal>
  );
}
