/**
 * The slide-out menu of spec §2, group by group. Locked entries are sections still in development: they show a
 * lock and the tooltip «Раздел в разработке» and go nowhere. Settlements and Marketing are locked as a whole.
 */
import {
  IconAddressBook,
  IconBook2,
  IconBuildingStore,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconDiscount2,
  IconFileInvoice,
  IconFilePlus,
  IconFileText,
  IconGift,
  IconHelpCircle,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconMapPin,
  IconMessageReport,
  IconMessage2,
  IconNotes,
  IconPhoto,
  IconPlugConnected,
  IconReceipt2,
  IconScale,
  IconSchool,
  IconSearch,
  IconShirt,
  IconSparkles,
  IconSpeakerphone,
  IconTruck,
  IconTruckDelivery,
  IconTruckLoading,
  IconUser,
  IconCube3dSphere,
  IconArrowsExchange,
  IconFileDigit,
  IconDots,
  type Icon,
} from '@tabler/icons-react';
import type { CompanyAction } from '@portal/domain';
import { paths } from '../../config/paths';

export type MenuAction = 'drafts' | 'feedback';

/**
 * An entry's `needs`: the role action some company of the user must allow for the entry to show (the domain's table;
 * the server refuses the rest anyway).
 */
export type MenuEntry =
  | { kind: 'link'; label: string; icon: Icon; to: string; needs?: CompanyAction }
  | { kind: 'action'; label: string; icon: Icon; action: MenuAction; needs?: CompanyAction }
  | { kind: 'locked'; label: string; icon: Icon; path: string };

export interface MenuGroup {
  id: string;
  label: string;
  icon: Icon;
  /** The whole group is in development. */
  locked?: boolean;
  /** The group lists the user's companies before its entries. */
  withCompanies?: boolean;
  entries: MenuEntry[];
}

export const LOCKED_TOOLTIP = 'Раздел в разработке';

/** Spec §2 "Locked sections". */
export const LOCKED_PATHS = [
  '/history',
  '/bills',
  '/realization',
  '/adjustments',
  '/acts',
  '/edo',
  '/banners',
  '/photo_mat',
  '/ed_mat',
  '/integration',
  '/Novelty',
  '/contacts',
  '/agreements',
  '/analytics',
  '/loyalty',
] as const;

export const MENU_GROUPS: MenuGroup[] = [
  {
    id: 'companies',
    label: 'Мои компании',
    icon: IconBuildingStore,
    withCompanies: true,
    entries: [
      { kind: 'locked', label: 'Договоры', icon: IconFileText, path: '/agreements' },
      { kind: 'locked', label: 'Аналитика', icon: IconChartBar, path: '/analytics' },
      { kind: 'locked', label: 'Программа лояльности', icon: IconGift, path: '/loyalty' },
    ],
  },
  {
    id: 'desktop',
    label: 'Рабочий стол',
    icon: IconLayoutDashboard,
    entries: [
      { kind: 'link', label: 'Поиск товаров', icon: IconSearch, to: paths.product() },
      { kind: 'link', label: 'Заказы', icon: IconClipboardList, to: paths.orders, needs: 'orders.view' },
      { kind: 'link', label: 'Отгрузки', icon: IconTruckDelivery, to: paths.shipments, needs: 'shipments.request' },
      { kind: 'link', label: 'Рекламации', icon: IconMessageReport, to: paths.claims, needs: 'claims.file' },
      { kind: 'action', label: 'Черновики', icon: IconNotes, action: 'drafts', needs: 'orders.place' },
      { kind: 'link', label: 'Создать КП', icon: IconFilePlus, to: paths.proposal, needs: 'proposals.manage' },
      { kind: 'link', label: 'Макет логотипа', icon: IconShirt, to: paths.logoMockup, needs: 'proposals.manage' },
      { kind: 'locked', label: 'История', icon: IconHistory, path: '/history' },
    ],
  },
  {
    id: 'logistics',
    label: 'Логистика',
    icon: IconTruck,
    entries: [
      { kind: 'link', label: 'Отгрузки', icon: IconTruckDelivery, to: paths.shipments, needs: 'shipments.request' },
      { kind: 'link', label: 'Заявка на отгрузку', icon: IconTruckLoading, to: paths.shipmentRequest, needs: 'shipments.request' },
      { kind: 'link', label: 'Адреса доставки', icon: IconMapPin, to: paths.deliveryAddresses, needs: 'shipments.request' },
    ],
  },
  {
    id: 'certificates',
    label: 'Сертификаты',
    icon: IconCertificate,
    entries: [{ kind: 'link', label: 'Сертификаты и декларации', icon: IconCertificate, to: paths.certificate() }],
  },
  {
    id: 'settlements',
    label: 'Взаиморасчёты',
    icon: IconScale,
    locked: true,
    entries: [
      { kind: 'locked', label: 'Счета', icon: IconFileInvoice, path: '/bills' },
      { kind: 'locked', label: 'Реализации', icon: IconReceipt2, path: '/realization' },
      { kind: 'locked', label: 'Корректировки', icon: IconArrowsExchange, path: '/adjustments' },
      { kind: 'locked', label: 'Акты сверки', icon: IconFileText, path: '/acts' },
      { kind: 'locked', label: 'ЭДО', icon: IconFileDigit, path: '/edo' },
    ],
  },
  {
    id: 'catalogue',
    label: 'Каталог',
    icon: IconBook2,
    entries: [
      { kind: 'link', label: 'Электронный каталог', icon: IconBook2, to: paths.catalog() },
      { kind: 'link', label: 'Интерактивный каталог', icon: IconCube3dSphere, to: paths.catalogInteractive },
      { kind: 'link', label: 'Сезонная распродажа', icon: IconDiscount2, to: paths.seasonSale },
    ],
  },
  {
    id: 'marketing',
    label: 'Маркетинг',
    icon: IconSpeakerphone,
    locked: true,
    entries: [
      { kind: 'locked', label: 'Новинки', icon: IconSparkles, path: '/Novelty' },
      { kind: 'locked', label: 'Баннеры', icon: IconPhoto, path: '/banners' },
      { kind: 'locked', label: 'Фотоматериалы', icon: IconPhoto, path: '/photo_mat' },
      { kind: 'locked', label: 'Обучающие материалы', icon: IconSchool, path: '/ed_mat' },
    ],
  },
  {
    id: 'others',
    label: 'Прочее',
    icon: IconDots,
    entries: [
      { kind: 'locked', label: 'Интеграция', icon: IconPlugConnected, path: '/integration' },
      { kind: 'locked', label: 'Контакты', icon: IconAddressBook, path: '/contacts' },
      { kind: 'link', label: 'Профиль', icon: IconUser, to: paths.profile },
      { kind: 'link', label: 'Помощь', icon: IconHelpCircle, to: paths.help },
      { kind: 'action', label: 'Обратная связь', icon: IconMessage2, action: 'feedback' },
      { kind: 'link', label: 'Выход', icon: IconLogout, to: paths.logout },
    ],
  },
];

