/**
 * /help (content not given by the spec): a dealer's guide to the everyday tasks — ordering, pre-order, drafts,
 * bills and documents, shipments and claims, proposals — and where to find the manager's contacts.
 * See docs/decisions.md "Help page".
 */
import { Accordion, Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuilding,
  IconClipboardList,
  IconFileInvoice,
  IconLock,
  IconNotes,
  IconPresentation,
  IconSearch,
  IconShoppingCart,
  IconTool,
  IconTruckDelivery,
  IconClockHour4,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

interface Topic {
  id: string;
  icon: Icon;
  title: string;
  body: ReactNode;
}

const TOPICS: Topic[] = [
  {
    id: 'order',
    icon: IconShoppingCart,
    title: 'Как оформить заказ',
    body: (
      <List type="ordered" spacing={6}>
        <List.Item>
          Найдите товар: введите артикул (например, <b>ЛВЛ123А</b>) или часть названия в строку поиска вверху экрана и нажмите
          Enter, или откройте <Anchor component={Link} to={paths.catalog()}>электронный каталог</Anchor>.
        </List.Item>
        <List.Item>
          На странице товара выберите характеристики (размер, рост) и количество. Цена уже учитывает скидку вашего договора.
        </List.Item>
        <List.Item>
          Товар попадает в текущий заказ — число позиций видно на значке корзины в левой панели. Откройте{' '}
          <Anchor component={Link} to={paths.order()}>заказ</Anchor>, проверьте позиции, выберите компанию, способ доставки и
          оставьте комментарий.
        </List.Item>
        <List.Item>
          Нажмите «Отправить заказ». Заказ появится в <Anchor component={Link} to={paths.orders}>истории заказов</Anchor>, а
          менеджер получит его в работу.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'preorder',
    icon: IconClockHour4,
    title: 'Предзаказ: если товара не хватает на складе',
    body: (
      <Stack gap={6}>
        <Text>
          Заказывайте нужное количество, даже если на складе меньше. Всё, что сверх остатка, автоматически переходит в раздел
          «Предзаказ» того же заказа, а строки помечаются как предзаказ. Товар без остатка показывается с пометкой «Только
          предзаказ».
        </Text>
        <Text>Срок поступления и условия оплаты предзаказа подтверждает ваш менеджер.</Text>
      </Stack>
    ),
  },
  {
    id: 'drafts',
    icon: IconNotes,
    title: 'Черновики',
    body: (
      <Stack gap={6}>
        <Text>
          Незаконченный заказ можно сохранить как черновик и вернуться к нему позже. Список черновиков открывается значком
          «Черновики» в левой панели или из меню «Рабочий стол». Черновик можно переименовать, удалить, продолжить по нему
          заказ или собрать из него коммерческое предложение.
        </Text>
        <Text c="dimmed" fz="sm">
          Черновики хранятся в этом браузере: на другом компьютере их не будет, а очистка данных сайта их удалит.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'bills',
    icon: IconFileInvoice,
    title: 'Счета, счета-фактуры и документы',
    body: (
      <Stack gap={6}>
        <Text>
          В <Anchor component={Link} to={paths.orders}>истории заказов</Anchor> у каждого заказа видны его счета и статусы
          документов: счёт, счёт-фактура, УПД. Там же можно запросить счёт и распечатать накладную в PDF.
        </Text>
        <Text>
          Сертификаты и декларации соответствия на товары — в разделе{' '}
          <Anchor component={Link} to={paths.certificate()}>«Сертификаты»</Anchor>, поиск по артикулу.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'shipments',
    icon: IconTruckDelivery,
    title: 'Отгрузки, адреса доставки и рекламации',
    body: (
      <Text>
        Статусы отгрузок — в разделе <Anchor component={Link} to={paths.shipments}>«Отгрузки»</Anchor>; там же подаётся заявка
        на отгрузку. Адреса доставки добавляются в разделе{' '}
        <Anchor component={Link} to={paths.deliveryAddresses}>«Адреса доставки»</Anchor>. Если товар пришёл с браком или не в
        том количестве, оформите <Anchor component={Link} to={paths.claimRequest}>рекламацию</Anchor> и приложите фотографии.
      </Text>
    ),
  },
  {
    id: 'proposal',
    icon: IconPresentation,
    title: 'Коммерческое предложение для вашего клиента',
    body: (
      <Text>
        В разделе <Anchor component={Link} to={paths.proposal}>«Создать КП»</Anchor> выберите товары (или возьмите их из
        черновика), задайте наценку или скидку, добавьте свой логотип и баннер и скачайте предложение в PDF или Word.
      </Text>
    ),
  },
  {
    id: 'manager',
    icon: IconBuilding,
    title: 'Контакты вашего менеджера',
    body: (
      <Text>
        У каждой вашей компании есть закреплённый менеджер. Его имя, телефон и почта — на странице компании: откройте меню →
        «Мои компании» → нужная компания. Там же договоры, лимиты, отсрочка и задолженность.
      </Text>
    ),
  },
  {
    id: 'trouble',
    icon: IconTool,
    title: 'Если что-то не работает',
    body: (
      <List spacing={6}>
        <List.Item>
          Красная полоса вверху «устаревшая версия клиента» — очистите кэш этого сайта в браузере (или обновите страницу
          сочетанием Ctrl+Shift+R). Если полоса не пропала, обратитесь к менеджеру.
        </List.Item>
        <List.Item>
          Заказ не отправился — скачайте журнал заказов значком со стрелкой внизу левой панели и перешлите файл менеджеру: в
          нём видны последние попытки отправки.
        </List.Item>
        <List.Item>Ошибку или идею по улучшению портала отправьте через меню → «Обратная связь».</List.Item>
      </List>
    ),
  },
  {
    id: 'locked',
    icon: IconLock,
    title: 'Разделы с замком',
    body: (
      <Text>
        Разделы, отмеченные в меню замком (взаиморасчёты, маркетинг, аналитика и другие), ещё в разработке и пока не
        открываются. Мы сообщим, когда они заработают, — следите за значком «Что нового» вверху.
      </Text>
    ),
  },
];

const QUICK_LINKS = [
  { icon: IconSearch, title: 'Найти товар', text: 'По артикулу или названию', to: paths.product() },
  { icon: IconShoppingCart, title: 'Текущий заказ', text: 'Проверить и отправить', to: paths.order() },
  { icon: IconClipboardList, title: 'История заказов', text: 'Счета и документы', to: paths.orders },
];

export function HelpPage() {
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} fz={28}>
          Помощь
        </Title>
        <Text c="dimmed" mt={4}>
          Как работать с порталом: заказ и предзаказ, черновики, документы, отгрузки и связь с менеджером.
        </Text>
      </div>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {QUICK_LINKS.map((link) => (
          <Card key={link.title} component={Link} to={link.to} withBorder radius="md" padding="md">
            <Group wrap="nowrap">
              <ThemeIcon size={42} radius="md" variant="light">
                <link.icon size={22} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{link.title}</Text>
                <Text fz="sm" c="dimmed">
                  {link.text}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder radius="md" padding={0}>
        <Accordion multiple defaultValue={['order']} variant="default" chevronPosition="right">
          {TOPICS.map((topic) => (
            <Accordion.Item key={topic.id} value={topic.id}>
              <Accordion.Control
                icon={
                  <ThemeIcon size={30} radius="md" variant="light">
                    <topic.icon size={18} />
                  </ThemeIcon>
                }
              >
                <Text fw={600}>{topic.title}</Text>
              </Accordion.Control>
              <Accordion.Panel>{topic.body}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>Не нашли ответ?</Text>
            <Text fz="sm" c="dimmed">
              Напишите вашему менеджеру — его контакты на странице вашей компании.
            </Text>
          </div>
          <Button component={Link} to={paths.home} variant="light" leftSection={<IconBuilding size={16} />}>
            Мои компании
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
