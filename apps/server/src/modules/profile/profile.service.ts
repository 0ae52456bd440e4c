/** Profile (spec §3 "Profile personal", "Notification settings"): the signed-in user's own data only. */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  ZNotificationSettingsSchema,
  ZPersonalUpdateSchema,
  type TNotificationSettings,
  type TUserSettings,
} from '@portal/contracts';
import type { AuditChanges } from '@portal/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import type { MultipartForm } from '../../lib/uploads';
import * as repo from './profile.repository';
import { recordPersonalAction } from '../audit';

/** The address the avatar is fetched from; the file id in it changes with every upload, so caches never go stale. */
export const avatarUrl = (fileId: number) => `/api/user/settings/avatar/${fileId}`;

type UserRow = typeof users.$inferSelect;

function notificationsOf(user: UserRow): TNotificationSettings {
  const parsed = ZNotificationSettingsSchema.safeParse(user.notificationSettings);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
}

function settingsOf(user: UserRow): TUserSettings {
  return {
    personal: {
      name: user.name,
      lastname: user.lastname,
      patronymic: user.patronymic,
      email: user.email,
      phone: user.phone,
      image: user.avatarFileId ? avatarUrl(user.avatarFileId) : null,
      email_confirmed: user.emailConfirmed,
    },
    notifications: notificationsOf(user),
  };
}

async function requireUser(db: Db, userId: number): Promise<UserRow> {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function getSettings(db: Db, userId: number): Promise<TUserSettings> {
  return settingsOf(await requireUser(db, userId));
}

/**
 * Updates the personal fields that were sent (a field left out keeps its value) and, with an `avatar` file, replaces
 * the avatar. The new avatar is stored before the database points to it; the old one is deleted only after.
 */
export async function updatePersonal(
  db: Db,
  storage: FileStorage,
  userId: number,
  form: MultipartForm,
  /** Mails a confirmation link to a new address, in the transaction that stores it (account.service.ts). */
  confirmNewEmail?: (tx: DbOrTx, user: UserRow, email: string) => Promise<void>,
  ip?: string,
): Promise<TUserSettings> {
  const parsed = ZPersonalUpdateSchema.partial().safeParse(form.fields);
  if (!parsed.success) {
    throw new AppError('VALIDATION', parsed.error.issues.map((issue) => issue.message).join(' '));
  }
  const { removeAvatar, ...personal } = parsed.data;
  const user = await requireUser(db, userId);
  const avatar = form.files.find((file) => file.field === 'avatar');
  const replacesAvatar = Boolean(avatar) || removeAvatar === 'true';
  const oldAvatar = replacesAvatar && user.avatarFileId ? await repo.findFile(db, user.avatarFileId) : undefined;

  let newKey: string | null = null;
  if (avatar) {
    newKey = newStorageKey('avatars', avatar.extension);
    await storage.put(newKey, avatar.bytes);
  }
  try {
    await db.transaction(async (tx) => {
      let avatarFileId: number | null | undefined;
      if (avatar && newKey) {
        avatarFileId = await repo.insertFile(tx, {
          ownerUserId: userId,
          purpose: 'avatar',
          name: avatar.name,
          mime: avatar.mime,
          size: avatar.bytes.length,
          storageKey: newKey,
        });
      } else if (removeAvatar === 'true') {
        avatarFileId = null;
      }
      // A new address gets no mail until its link is followed (an emptied one has nothing to confirm).
      const newEmail = personal.email !== undefined && personal.email !== user.email ? personal.email : undefined;
      const values = {
        ...personal,
        ...(avatarFileId !== undefined ? { avatarFileId } : {}),
        ...(newEmail !== undefined ? { emailConfirmed: newEmail === '' } : {}),
      };
      if (Object.keys(values).length > 0) await repo.updatePersonal(tx, userId, values);
      const changes = personalChanges(user, personal, avatarFileId);
      if (Object.keys(changes).length > 0) await recordPersonalAction(tx, { userId, action: 'profile.changed', object: 'Профиль', changes, ip });
      if (oldAvatar) await repo.deleteFile(tx, oldAvatar.id);
      if (newEmail && confirmNewEmail) await confirmNewEmail(tx, user, newEmail);
    });
  } catch (error) {
    if (newKey) await storage.delete(newKey).catch(() => undefined);
    throw error;
  }
  // The old bytes go only once nothing points to them; a failure here leaves an orphan, never a broken avatar.
  if (oldAvatar) await storage.delete(oldAvatar.storageKey).catch(() => undefined);
  return getSettings(db, userId);
}

const PERSONAL_FIELDS = ['name', 'lastname', 'patronymic', 'email', 'phone'] as const;

/** What a profile update changes, field by field (a value sent unchanged is no change); the avatar as a word. */
function personalChanges(user: UserRow, personal: Partial<Record<(typeof PERSONAL_FIELDS)[number], string>>, avatarFileId: number | null | undefined): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of PERSONAL_FIELDS) {
    const to = personal[field];
    if (to !== undefined && to !== user[field]) changes[field] = { from: user[field], to };
  }
  if (avatarFileId !== undefined) changes.avatar = avatarFileId === null ? 'удалено' : user.avatarFileId ? 'заменено' : 'добавлено';
  return changes;
}

/** The notification switches that changed, one field per event and channel. */
function notificationChanges(before: TNotificationSettings, after: TNotificationSettings): AuditChanges {
  const changes: AuditChanges = {};
  for (const channel of ['email', 'lk'] as const) {
    for (const event of ['created', 'changed', 'states'] as const) {
      const [from, to] = [before.order[channel][event], after.order[channel][event]];
      if (from !== to) changes[`notify.${channel}.${event}`] = { from, to };
    }
  }
  return changes;
}

export async function updateNotifications(db: Db, userId: number, settings: TNotificationSettings, ip?: string): Promise<TNotificationSettings> {
  const before = notificationsOf(await requireUser(db, userId));
  const changes = notificationChanges(before, settings);
  await db.transaction(async (tx) => {
    await repo.updateNotificationSettings(tx, userId, settings);
    // Saving what was already there changes nothing: no record.
    if (Object.keys(changes).length > 0) await recordPersonalAction(tx, { userId, action: 'settings.changed', object: 'Уведомления', changes, ip });
  });
  return settings;
}

/** The avatar bytes, only when the file is the signed-in user's current avatar: nobody reaches another user's. */
export async function readAvatar(db: Db, storage: FileStorage, userId: number, fileId: number) {
  const user = await requireUser(db, userId);
  const file = user.avatarFileId === fileId ? await repo.findFile(db, fileId) : undefined;
  if (!file || file.purpose !== 'avatar' || file.ownerUserId !== userId) {
    throw new AppError('NOT_FOUND', 'Аватар не найден: загрузите его заново в профиле.');
  }
  const bytes = await storage.get(file.storageKey);
  if (!bytes) throw new AppError('NOT_FOUND', 'Файл аватара не найден в хранилище: загрузите его заново в профиле.');
  return { bytes, mime: file.mime };
}
