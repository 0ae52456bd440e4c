/** The personal data form of the profile, with the avatar (spec §3 "Profile personal"). */
import { Grid, Paper, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ZPersonalUpdateSchema, type TPersonal } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { reportError } from '../../../shared/errors';
// Before ZPersonalUpdateSchema's first parse (shared/lib/zod-config.ts).
import '../../../shared/lib/zod-config';
import { useAvatarUrl } from '../api/get-avatar';
import { useUpdatePersonal } from '../api/update-personal';
import { AvatarField, avatarProblem } from './avatar-field';
import { ProfileFormFoot } from './profile-form-foot';

type Fields = Pick<TPersonal, 'name' | 'lastname' | 'patronymic' | 'email' | 'phone'>;
const FIELD_NAMES = ['lastname', 'name', 'patronymic', 'email', 'phone'] as const;

const EMAIL_UNCONFIRMED = 'Адрес не подтверждён: откройте ссылку из письма, отправленного на него. До тех пор уведомления на него не приходят.';

const initialsOf = (fields: Fields) => `${fields.name[0] ?? ''}${fields.lastname[0] ?? ''}`.toUpperCase() || '?';

export function PersonalForm({ personal }: { personal: TPersonal }) {
  const [fields, setFields] = useState<Fields>(() => ({
    name: personal.name,
    lastname: personal.lastname,
    patronymic: personal.patronymic,
    email: personal.email,
    phone: personal.phone,
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const currentAvatarUrl = useAvatarUrl(personal.image);
  const update = useUpdatePersonal();

  const set = (key: keyof Fields) => (value: string) => {
    setFields((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  function pickAvatar(file: File | null) {
    if (!file) return;
    const problem = avatarProblem(file);
    setAvatarError(problem);
    if (!problem) {
      setAvatar(file);
      setRemoveAvatar(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = ZPersonalUpdateSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      const saved = await update.mutateAsync({ ...parsed.data, avatar, removeAvatar: removeAvatar && !avatar });
      setFields({
        name: saved.personal.name,
        lastname: saved.personal.lastname,
        patronymic: saved.personal.patronymic,
        email: saved.personal.email,
        phone: saved.personal.phone,
      });
      setAvatar(null);
      setRemoveAvatar(false);
      const emailChanged = saved.personal.email !== personal.email && saved.personal.email_confirmed === false;
      notifications.show({
        color: 'teal',
        title: 'Профиль сохранён',
        message: emailChanged ? `На ${saved.personal.email} отправлена ссылка: откройте её, чтобы подтвердить адрес.` : 'Изменения вступили в силу.',
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      reportError('UPDATE_PERSONAL', error);
    }
  }

  const labels: Record<keyof Fields, string> = {
    lastname: 'Фамилия',
    name: 'Имя',
    patronymic: 'Отчество',
    email: 'E-mail',
    phone: 'Телефон',
  };

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate data-testid="personal-form">
      <Title order={2} size="h3" mb="md">
        Личные данные
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <AvatarField
            currentUrl={currentAvatarUrl}
            initials={initialsOf(fields)}
            picked={avatar}
            removed={removeAvatar}
            error={avatarError}
            onPick={pickAvatar}
            onRemove={() => {
              setAvatar(null);
              setAvatarError(null);
              setRemoveAvatar(Boolean(personal.image));
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm">
            {FIELD_NAMES.map((key) => (
              <TextInput
                key={key}
                label={labels[key]}
                name={key}
                value={fields[key]}
                onChange={(event) => set(key)(event.currentTarget.value)}
                error={errors[key]}
                withAsterisk={key === 'name' || key === 'lastname'}
                type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                autoComplete={{ lastname: 'family-name', name: 'given-name', patronymic: 'additional-name', email: 'email', phone: 'tel' }[key]}
                description={key === 'email' && personal.email_confirmed === false && fields.email === personal.email ? EMAIL_UNCONFIRMED : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
      <ProfileFormFoot failure={failure} busy={update.isPending} submitLabel="Сохранить" />
    </Paper>
  );
}
