/**
 * /companies/:uid/team — a company's team, for its administrators: the colleagues with role, limit, status and last
 * sign-in; inviting by e-mail; a role or a purchaser's limit; blocking and unblocking (the server ends the person's
 * sessions at once); removing from the company; the company's choice to hold orders over credit for approval.
 */
import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TTeamMember } from '@portal/contracts';
import { COMPANY_ROLE_LABELS, formatMoscowDateTime, formatPrice, shortenCompanyName } from '@portal/domain';
import { IconDots, IconLock, IconLockOpen, IconUserMinus, IconUserPlus, IconUserCog, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { openConfirmModal, usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert';
import { PageHeader } from '../../shared/ui/page-header';
import { StackedTable } from '../../shared/ui/stacked-table';
import { changeColleague, inviteColleague, removeColleague, setApprovalOverCredit, useTeamChange } from './api/change-team';
import { useTeam } from './api/get-team';
import { InviteModal, type InviteForm } from './components/invite-modal';
import { MemberModal } from './components/member-modal';

const STATUS = {
  active: { label: 'Активен', color: 'teal' },
  invited: { label: 'Приглашён', color: 'blue' },
  blocked: { label: 'Заблокирован', color: 'red' },
} as const;

const said = (answer: { message: string }): void => void notifications.show({ color: 'teal', message: answer.message });
const failed = (error: unknown): void => void notifications.show({ color: 'red', title: 'Не сохранено', message: error instanceof Error ? error.message : String(error) });

export function TeamPage() {
  usePrepareConfirmations();
  const uid = useParams().uid ?? '';
  const team = useTeam(uid);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TTeamMember | null>(null);

  const invite = useTeamChange(uid, (form: InviteForm) =>
    inviteColleague(uid, { email: form.email, name: form.name, role: form.role, orderLimit: form.role === 'buyer' && form.limit > 0 ? form.limit : null }),
  );
  const change = useTeamChange(uid, ({ member, ...body }: { member: TTeamMember } & Parameters<typeof changeColleague>[2]) => changeColleague(uid, member.id, body));
  const remove = useTeamChange(uid, (member: TTeamMember) => removeColleague(uid, member.id));
  const approval = useTeamChange(uid, (on: boolean) => setApprovalOverCredit(uid, on));

  const confirmBlock = (member: TTeamMember) =>
    openConfirmModal({
      title: `Заблокировать доступ: ${member.name}?`,
      children: <Text size="sm">Сотрудник сразу потеряет доступ к компании: его входы в портал завершатся. Разблокировать можно в любой момент.</Text>,
      labels: { confirm: 'Заблокировать', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => change.mutateAsync({ member, blocked: true }).then(said, failed),
    });
  const confirmRemove = (member: TTeamMember) =>
    openConfirmModal({
      title: `Удалить из компании: ${member.name}?`,
      children: <Text size="sm">Сотрудник больше не будет действовать от имени компании. Его учётная запись останется для других компаний.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutateAsync(member).then(said, failed),
    });

  if (team.isError) return <LoadFailedAlert title="Сотрудники не загрузились" error={team.error} onRetry={() => void team.refetch()} />;
  const data = team.data;

  return (
    <Stack gap="lg" maw={1280} mx="auto" data-testid="team-page">
      <PageHeader
        icon={<IconUsers size={26} stroke={1.6} />}
        title="Сотрудники"
        text={data ? shortenCompanyName(data.company.name) : 'Загрузка…'}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            Пригласить
          </Button>
        }
      />

      <Paper withBorder radius="md" p="md">
        <Switch
          label="Согласовывать заказы сверх кредита"
          description="Заказ, который превышает доступный кредит по договору, ждёт согласования администратора: он не резервирует товар и не уходит в работу до согласования."
          checked={data?.company.approvalOverCredit ?? false}
          disabled={!data || approval.isPending}
          onChange={(event) => void approval.mutateAsync(event.currentTarget.checked).then(said, failed)}
        />
      </Paper>

      {!data ? (
        <Stack gap="xs">
          <Skeleton h={44} />
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : (
        <StackedTable verticalSpacing="sm" data-testid="team-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Сотрудник</Table.Th>
              <Table.Th>Роль</Table.Th>
              <Table.Th>Лимит заказа</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>Последний вход</Table.Th>
              <Table.Th aria-label="Действия" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.members.map((member) => (
              <Table.Tr key={member.id} data-testid="team-member" data-login={member.login}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {member.name}
                    {member.you && (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        (вы)
                      </Text>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {member.email || member.login}
                  </Text>
                </Table.Td>
                <Table.Td>{COMPANY_ROLE_LABELS[member.role]}</Table.Td>
                <Table.Td>{member.orderLimit === null ? (member.role === 'buyer' ? 'без лимита' : '—') : formatPrice(member.orderLimit)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS[member.status].color} variant="light">
                    {STATUS[member.status].label}
                  </Badge>
                </Table.Td>
                <Table.Td>{member.lastSignInAt ? formatMoscowDateTime(new Date(member.lastSignInAt)) : 'не входил'}</Table.Td>
                <Table.Td>
                  {!member.you && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="default" size="lg" aria-label={`Действия: ${member.name}`}>
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconUserCog size={14} />} onClick={() => setEditing(member)}>
                          Роль и лимит
                        </Menu.Item>
                        {member.status === 'blocked' ? (
                          <Menu.Item leftSection={<IconLockOpen size={14} />} onClick={() => void change.mutateAsync({ member, blocked: false }).then(said, failed)}>
                            Разблокировать
                          </Menu.Item>
                        ) : (
                          <Menu.Item leftSection={<IconLock size={14} />} color="red" onClick={() => confirmBlock(member)}>
                            Заблокировать
                          </Menu.Item>
                        )}
                        <Menu.Item leftSection={<IconUserMinus size={14} />} color="red" onClick={() => confirmRemove(member)}>
                          Удалить из компании
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
      <Group>
        <Text size="xs" c="dimmed">
          Администратор управляет сотрудниками и согласует заказы; закупщик оформляет заказы, КП, отгрузки и рекламации; бухгалтер видит компании, договоры,
          долги, заказы и документы, но не оформляет заказы.
        </Text>
      </Group>

      <InviteModal opened={inviting} onClose={() => setInviting(false)} onInvite={(form) => invite.mutateAsync(form).then(said)} />
      <MemberModal member={editing} onClose={() => setEditing(null)} onSave={(body) => change.mutateAsync({ member: editing!, ...body }).then(said)} />
    </Stack>
  );
}
