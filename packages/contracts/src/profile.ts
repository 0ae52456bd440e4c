import { z } from 'zod';

/** Spec §3 "Profile personal". `image` is the address of the avatar (fetched with the token), null without one. */
export const ZPersonalSchema = z.object({
  name: z.string(),
  lastname: z.string(),
  patronymic: z.string(),
  email: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  /** False while an address typed in the profile waits for its confirmation link (no mail goes to it until then). */
  email_confirmed: z.boolean().optional(),
});
export type TPersonal = z.infer<typeof ZPersonalSchema>;

const ZNotificationChannelSchema = z.object({
  changed: z.boolean({ error: 'Укажите changed: true или false.' }),
  created: z.boolean({ error: 'Укажите created: true или false.' }),
  states: z.boolean({ error: 'Укажите states: true или false.' }),
});
export type TNotificationChannel = z.infer<typeof ZNotificationChannelSchema>;

/** Spec §3 "Notification settings": order.email and order.lk (the portal itself), each with changed, created, states. */
export const ZNotificationSettingsSchema = z.object({
  order: z.object({ email: ZNotificationChannelSchema, lk: ZNotificationChannelSchema }),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  order: {
    email: { changed: true, created: true, states: true },
    lk: { changed: true, created: true, states: true },
  },
};

export const ZUserSettingsSchema = z.object({ personal: ZPersonalSchema, notifications: ZNotificationSettingsSchema });
export type TUserSettings = z.infer<typeof ZUserSettingsSchema>;

/** Avatar limit of POST /api/user/settings/personal/update (PNG, JPEG or WebP, recognised by content). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const trimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: не больше ${max} символов.`);

/**
 * The text fields of the personal update (multipart fields beside the optional `avatar` file). The web form reuses it.
 * `removeAvatar` = "true" drops the current avatar.
 */
export const ZPersonalUpdateSchema = z.object({
  name: trimmed(100, 'Имя').min(1, 'Укажите имя.'),
  lastname: trimmed(100, 'Фамилия').min(1, 'Укажите фамилию.'),
  patronymic: trimmed(100, 'Отчество').default(''),
  email: trimmed(200, 'E-mail').refine((value) => value === '' || z.email().safeParse(value).success, {
    message: 'E-mail указан неверно: проверьте адрес, например name@company.ru.',
  }),
  phone: trimmed(40, 'Телефон').refine((value) => value === '' || /^\+?[\d\s()-]{6,}$/.test(value), {
    message: 'Телефон указан неверно: используйте цифры, пробелы, скобки и дефисы, например +7 (900) 123-45-67.',
  }),
  removeAvatar: z.enum(['true', 'false']).optional(),
});
export type TPersonalUpdate = z.infer<typeof ZPersonalUpdateSchema>;
