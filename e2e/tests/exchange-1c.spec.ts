/**
 * What a dealer sees of the 1C exchange («обмен с сайтом», CommerceML 2), 1C's side driven over HTTP as 1C drives it
 * (exchange-1c.ts). 1C uploads a new group and a suit with three sizes, its prices and its stock on two warehouses;
 * the dealer finds it in the group and on its page, with the prices and the stock of each size, and orders it; 1C's
 * query carries the order until its success; then 1C sends the order back shipped, and the dealer's order page (with
 * the check's number in 1C and its shipment day) and notifications say so. Screens at 1440 and 360 px go to the
 * test's output folder.
 *
 * The good, its group and its offers are this journey's own (uids and the article ОБМ701 nobody else uses), and the
 * notification is found by its order's number: journeys running beside this one move the same companies' orders.
 */
import type { Page } from '@playwright/test';
import { formatPrice, moscowDay, russianDay } from '@portal/domain';
import { E2E_EXCHANGE_DEALER_PRICE, E2E_EXCHANGE_LIST_PRICE } from '../global-setup';
import {
  confirmOrdersTaken,
  encodeWindows1251,
  importCatalogFile,
  queriedDocuments,
  queryOrders,
  sendCatalogFile,
  sendOrderDocuments,
  startExchange,
} from '../exchange-1c';
import { expect, pauseClock, signIn, socketReady, test } from '../fixtures';

const GROUP = { id: '5e2e1c00-0000-4c1c-8e2e-000000000100', name: 'Новинки из 1С' };
const SUIT = {
  id: '5e2e1c00-0000-4c1c-8e2e-000000000701',
  article: 'ОБМ701',
  name: 'Костюм рабочий летний «Вега»',
  description: 'Куртка и полукомбинезон из смесовой ткани, световозвращающие полосы.',
  material: 'Смесовая ткань, 65% п/э, 35% х/б',
};
const LIST_PRICE = 5400;
const DEALER_PRICE = 4320.5;
/** The suit's sizes with their stock on the two warehouses (the portal sums them: no EXCHANGE_WAREHOUSES). */
const SIZES = [
  { id: `${SUIT.id}#5e2e1c00-0000-4c1c-8e2e-000000044046`, size: '44-46/170-176', moscow: 8, podolsk: 4 },
  { id: `${SUIT.id}#5e2e1c00-0000-4c1c-8e2e-000000048050`, size: '48-50/170-176', moscow: 0, podolsk: 3 },
  { id: `${SUIT.id}#5e2e1c00-0000-4c1c-8e2e-000000052054`, size: '52-54/182-188', moscow: 0, podolsk: 0 },
];
const ORDERED = { size: SIZES[0]!.size, quantity: 2 };

/** import.xml as 1C writes it: the classifier with the group and two properties, the catalogue with the suit. */
const goodsXml = () => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${moscowDay(new Date())}T09:00:00">
  <Классификатор><Ид>e2e-1c-classifier</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>
    <Группы><Группа><Ид>${GROUP.id}</Ид><Наименование>${GROUP.name}</Наименование></Группа></Группы>
    <Свойства>
      <Свойство><Ид>e2e-1c-season</Ид><Наименование>Сезон</Наименование><ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений><Справочник><ИдЗначения>e2e-1c-summer</ИдЗначения><Значение>Лето</Значение></Справочник></ВариантыЗначений></Свойство>
      <Свойство><Ид>e2e-1c-material</Ид><Наименование>Материал</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>
    </Свойства>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false"><Ид>e2e-1c-catalog</Ид><ИдКлассификатора>e2e-1c-classifier</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование>
    <Товары><Товар><Ид>${SUIT.id}</Ид><Артикул>${SUIT.article}</Артикул><Наименование>${SUIT.name}</Наименование>
      <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
      <Группы><Ид>${GROUP.id}</Ид></Группы><Описание>${SUIT.description}</Описание>
      <ЗначенияСвойств>
        <ЗначенияСвойства><Ид>e2e-1c-season</Ид><Значение>e2e-1c-summer</Значение></ЗначенияСвойства>
        <ЗначенияСвойства><Ид>e2e-1c-material</Ид><Значение>${SUIT.material}</Значение></ЗначенияСвойства>
      </ЗначенияСвойств>
      <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Спецодежда</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
    </Товар></Товары>
  </Каталог>
</КоммерческаяИнформация>`;

/** offers.xml: both price types of each size (the list price written as 1C's Russian format does) and its stock. */
const offersXml = () => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${moscowDay(new Date())}T09:00:00">
  <ПакетПредложений СодержитТолькоИзменения="false"><Ид>e2e-1c-catalog#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>e2e-1c-catalog</ИдКаталога>
    <ТипыЦен>
      <ТипЦены><Ид>e2e-1c-list</Ид><Наименование>${E2E_EXCHANGE_LIST_PRICE}</Наименование><Валюта>RUB</Валюта></ТипЦены>
      <ТипЦены><Ид>e2e-1c-dealer</Ид><Наименование>${E2E_EXCHANGE_DEALER_PRICE}</Наименование><Валюта>RUB</Валюта></ТипЦены>
    </ТипыЦен>
    <Склады><Склад><Ид>e2e-1c-moscow</Ид><Наименование>Москва</Наименование></Склад><Склад><Ид>e2e-1c-podolsk</Ид><Наименование>Подольск</Наименование></Склад></Склады>
    <Предложения>${SIZES.map(
      (size) => `
      <Предложение><Ид>${size.id}</Ид><Наименование>${SUIT.name} (${size.size})</Наименование>
        <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${size.size}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>
        <Цены>
          <Цена><ИдТипаЦены>e2e-1c-list</ИдТипаЦены><ЦенаЗаЕдиницу>5 400,00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена>
          <Цена><ИдТипаЦены>e2e-1c-dealer</ИдТипаЦены><ЦенаЗаЕдиницу>${DEALER_PRICE.toFixed(2)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена>
        </Цены>
        <Остатки>
          <Остаток><Склад><Ид>e2e-1c-moscow</Ид><Количество>${size.moscow}</Количество></Склад></Остаток>
          <Остаток><Склад><Ид>e2e-1c-podolsk</Ид><Количество>${size.podolsk}</Количество></Склад></Остаток>
        </Остатки>
      </Предложение>`,
    ).join('')}
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

/**
 * The order document 1C sends back for a check it took (windows-1251, 1C's own layout): its number in 1C, posted,
 * shipped today and «[F] Выполнен», with the lines as the query handed them out (the manager changed none).
 */
function shippedDocument(queried: string, check: string, order: number): Buffer {
  const company = /<Контрагент><Ид>([^<]+)<\/Ид>/.exec(queried)![1]!;
  const sum = /<\/Курс><Сумма>([^<]+)<\/Сумма>/.exec(queried)![1]!;
  const goods = /<Товары>[\s\S]*<\/Товары>/.exec(queried)![0];
  const today = moscowDay(new Date());
  const requisite = (name: string, value: string) => `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`;
  return encodeWindows1251(`<?xml version="1.0" encoding="windows-1251"?>
<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${today}T16:45:00">
  <Документ>
    <Ид>${check}</Ид><Номер>${order}</Номер><Дата>${today}</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль>
    <Валюта>руб</Валюта><Курс>1</Курс><Сумма>${sum}</Сумма>
    <Контрагенты><Контрагент><Ид>${company}</Ид><Роль>Покупатель</Роль></Контрагент></Контрагенты>
    <Время>16:45:00</Время><Комментарий>Отгружено со склада Подольск</Комментарий>
    ${goods}
    <ЗначенияРеквизитов>
      ${requisite('Номер по 1С', 'ФР-000701')}${requisite('Дата по 1С', `${today}T16:45:00`)}${requisite('Проведен', 'true')}
      ${requisite('ПометкаУдаления', 'false')}${requisite('Дата оплаты по 1С', 'T')}${requisite('Дата отгрузки по 1С', `${today}T16:40:00`)}
      ${requisite('Статус заказа', '[F] Выполнен')}
    </ЗначенияРеквизитов>
  </Документ>
</КоммерческаяИнформация>`);
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 800 };

/** How far the page is wider than the screen, in px (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// The dealer leaves his notifications read, as he would after this: an unread message shows its pop-up on the next
// page he opens, and the journeys after this one (the main page's first load, say) would meet it.
test.afterEach(async ({ page }) => {
  const token = await page.evaluate(() => localStorage.getItem('id_token')).catch(() => null);
  if (token) expect((await page.request.post('/api/notifications/read-all', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
});

test('1C uploads a good, the dealer orders it, 1C takes the order and ships it: the dealer sees each step', async ({ page, request }, testInfo) => {
  test.slow();
  const screenshot = (name: string, fullPage = true) => page.screenshot({ path: testInfo.outputPath(`exchange-1c-${name}.png`), fullPage });

  await test.step('1C uploads the group, the suit and its offers', async () => {
    const catalog = await startExchange(request, 'catalog');
    await sendCatalogFile(request, catalog, 'import.xml', Buffer.from(goodsXml(), 'utf8'));
    await sendCatalogFile(request, catalog, 'offers.xml', Buffer.from(offersXml(), 'utf8'));
    // A journey run again finds its good already there: then nothing is created, and nothing refused either way.
    const goods = await importCatalogFile(request, catalog, 'import.xml');
    expect(goods.lines[0], goods.text).toBe('success');
    expect(goods.lines[1]).toMatch(/^Файл import\.xml: создано \d+, изменено \d+, без изменений \d+, отклонено 0\.$/);
    const offers = await importCatalogFile(request, catalog, 'offers.xml');
    expect(offers.lines[0], offers.text).toBe('success');
    expect(offers.lines[1]).toMatch(/^Файл offers\.xml: .*отклонено 0\.$/);
  });

  // Playwright's clock runs as usual until the test stops it to read the popup (step 3).
  await page.clock.install();
  await page.setViewportSize(DESKTOP);
  await signIn(page);

  await test.step('the dealer finds the suit in its new group and on its page: name, prices, sizes and stock', async () => {
    await page.goto('/catalog/catalog');
    await page.getByRole('navigation', { name: 'Группы каталога' }).getByRole('link', { name: GROUP.name }).click();
    await expect(page).toHaveURL(new RegExp(`/catalog/catalog/${GROUP.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: GROUP.name })).toBeVisible();
    const card = page.getByTestId('catalog-card').filter({ hasText: SUIT.article });
    await expect(card).toContainText(SUIT.name);
    await expect(card.getByTestId('card-list-price')).toHaveText(`Розничная ${formatPrice(LIST_PRICE)}`);
    await expect(card.getByTestId('card-own-price')).toContainText('₽');
    // The stock of all its sizes, each summed over 1C's two warehouses.
    await expect(card.getByTestId('card-stock')).toHaveText(`${SIZES.reduce((sum, size) => sum + size.moscow + size.podolsk, 0)} шт.`);
    await expect(page.getByTestId('catalog-total')).toHaveText('Товаров: 1, страница 1 из 1');
    await screenshot('group-1440');

    await card.click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByTestId('product-article')).toHaveText(SUIT.article);
    await expect(page.getByRole('heading', { level: 2, name: SUIT.name })).toBeVisible();
    await expect(page.getByText(SUIT.description)).toBeVisible();
    const properties = page.getByRole('table', { name: 'Свойства товара' });
    await expect(properties.getByRole('row').filter({ hasText: 'Материал' })).toContainText(SUIT.material);
    await expect(properties.getByRole('row').filter({ hasText: 'Сезон' })).toContainText('Лето');
    await expect(page.getByTestId('list-price')).toHaveText(formatPrice(LIST_PRICE));
    // «Ваша цена» is 1C's dealer price less the company's contract discount, and says so.
    const ownPrice = page.getByTestId('user-price');
    await expect(ownPrice).toContainText('₽');
    const basis = page.getByTestId('user-price-basis');
    await expect(basis).toContainText(formatPrice(DEALER_PRICE));
    await expect(basis).toContainText('за вычетом скидки по договору');
    const ownText = (await ownPrice.innerText()).trim();
    const offers = page.getByRole('table', { name: 'Характеристики и остатки' });
    for (const size of SIZES) {
      const row = offers.getByTestId('offer-row').filter({ hasText: size.size });
      const stock = size.moscow + size.podolsk;
      await expect(row).toContainText(stock > 0 ? `${stock} шт.` : 'нет');
      await expect(row.getByTestId('offer-own-price')).toHaveText(ownText);
      await expect(row.getByTestId('offer-list-price')).toHaveText(formatPrice(LIST_PRICE));
    }
    await expect(offers.getByTestId('offer-row')).toHaveCount(SIZES.length);
    await screenshot('product-1440');

    // On a phone: the first screen (name, prices, «Добавить в заказ»), then the sizes as cards further down.
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('user-price')).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Добавить в заказ' })).toBeInViewport();
    await screenshot('product-360', false);
    expect.soft(await sidewaysOverflow(page), 'the product page fits 360 px').toBeLessThanOrEqual(0);
    const firstSize = offers.getByTestId('offer-row').filter({ hasText: SIZES[0]!.size });
    await firstSize.scrollIntoViewIfNeeded();
    await expect(firstSize).toContainText(`${SIZES[0]!.moscow + SIZES[0]!.podolsk} шт.`);
    await expect(firstSize).toContainText(ownText);
    await screenshot('product-sizes-360', false);
    await page.setViewportSize(DESKTOP);
  });

  let order = 0;
  await test.step('the dealer orders two suits of one size from the product page', async () => {
    await page.getByRole('link', { name: 'Добавить в заказ' }).click();
    const modal = page.getByTestId('add-position-modal');
    const quantity = modal.getByLabel(`Количество ${ORDERED.size}`, { exact: true });
    await quantity.fill(String(ORDERED.quantity));
    await modal.getByTestId('add-position-submit').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('available-lines').getByLabel(`Количество ${SUIT.article} ${ORDERED.size}`, { exact: true })).toHaveValue(String(ORDERED.quantity));
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/orders\?n=\d+/);
    order = Number(new URL(page.url()).searchParams.get('n'));
    await expect(page.getByTestId(`order-${order}`)).toContainText(`Заказ № ${order}`);
  });

  let check = '';
  await test.step('1C’s query carries the order until 1C confirms it; the next query does not', async () => {
    const sale = await startExchange(request, 'sale');
    const first = await queryOrders(request, sale);
    const mine = queriedDocuments(first).filter((document) => document.number === order);
    // One organisation sells the suit: one document, one 1C order.
    expect(mine, `the query holds order ${order}`).toHaveLength(1);
    check = mine[0]!.id;
    expect(mine[0]!.xml).toContain(`<Артикул>${SUIT.article}</Артикул>`);
    expect(mine[0]!.xml).toContain(`<Ид>${SIZES[0]!.id}</Ид>`);
    expect(mine[0]!.xml).toContain(`<Значение>${ORDERED.size}</Значение>`);
    expect(mine[0]!.xml).toContain(`<Количество>${ORDERED.quantity}</Количество>`);
    await confirmOrdersTaken(request, sale);

    const second = await queryOrders(request, sale);
    expect(queriedDocuments(second).map((document) => document.number)).not.toContain(order);
    await confirmOrdersTaken(request, sale);

    // 1C ships the order: its document goes back in the next exchange, after the dealer has opened the order.
    const ready = socketReady(page);
    await page.goto(`/orders/${order}`);
    await ready;
    const detail = page.getByTestId('order-detail-page');
    await expect(detail.getByRole('heading', { level: 1, name: `Заказ № ${order}` })).toBeVisible();
    await expect(detail.getByTestId(`check-${check}`)).toBeVisible();
    await expect(detail.getByTestId('order-reservation')).not.toHaveText('Отгружен');

    const back = await startExchange(request, 'sale');
    const answer = await sendOrderDocuments(request, back, `orders-${order}.xml`, shippedDocument(mine[0]!.xml, check, order));
    // Applied, the lines as the portal placed them: nothing refused, nothing said of changed lines.
    expect(answer.lines).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.']);
  });

  await test.step('the dealer sees the order shipped and is told so', async () => {
    const popup = page.getByTestId('notification-popup').filter({ hasText: `Заказ № ${order}: статус` });
    // Whole on the screen: it has slid in.
    await expect(popup).toBeInViewport({ ratio: 1 });
    // The popup closes itself after a while: the page's clock stands still while the test reads it.
    await pauseClock(page);
    await expect(popup).toContainText(`Заказ № ${order}: статус изменился на «Отгружен».`);
    await screenshot('popup-1440', false);
    await page.clock.resume();

    // The open page follows by itself: the check's status, the order's badge and the timeline.
    const detail = page.getByTestId('order-detail-page');
    await expect(detail.getByTestId(`check-${check}`)).toContainText('Отгружен');
    await expect(detail.getByTestId('order-reservation')).toHaveText('Отгружен');
    await expect(detail.getByTestId('order-timeline')).toContainText('«Отгружен»');
    // What 1C said of the check, to match the portal's order with 1C's papers: its number and the shipment day; 1C's
    // empty payment date («T») shows nothing.
    const erp = detail.getByTestId(`check-${check}`).getByTestId('check-erp');
    await expect(erp).toHaveText(`№ в 1С ФР-000701 · отгружен ${russianDay(moscowDay(new Date()))}`);
    await expect(detail.getByTestId('order-lines-stock')).toContainText(SUIT.article);
    await expect(detail.getByTestId('order-lines-stock')).toContainText(ORDERED.size);
    await expect(popup).toBeHidden();
    await screenshot('order-1440');

    const bell = page.getByRole('banner').getByRole('button', { name: /^Уведомления/ });
    await bell.click();
    const bar = page.getByRole('dialog', { name: /Уведомления/ });
    const item = bar.getByTestId('notification-item').filter({ hasText: `Заказ № ${order}: статус изменился на «Отгружен»` });
    // Whole on the screen: the bar has slid in.
    await expect(item).toBeInViewport({ ratio: 1 });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await screenshot('notifications-1440', false);
    await page.keyboard.press('Escape');
    await expect(bar).toBeHidden();

    // On a phone: the first screen (the order's and the check's status), then the timeline further down. The bell
    // keeps the pointer and the focus the closed bar gave back, and its hint would cover the page: the dealer has
    // moved on.
    await page.setViewportSize(PHONE);
    await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
    await bell.blur();
    await expect(page.getByRole('banner').getByText('Уведомления', { exact: true })).toBeHidden();
    await expect(detail.getByTestId('order-reservation')).toHaveText('Отгружен');
    await expect(detail.getByTestId(`check-${check}`)).toContainText('Отгружен');
    await expect(detail.getByTestId(`check-${check}`)).toBeInViewport();
    await expect(erp).toContainText('ФР-000701');
    await expect(erp).toContainText(`отгружен ${russianDay(moscowDay(new Date()))}`);
    await expect(erp).toBeInViewport({ ratio: 1 });
    await screenshot('order-360', false);
    expect.soft(await sidewaysOverflow(page), 'the order page fits 360 px').toBeLessThanOrEqual(0);
    await detail.getByTestId('order-timeline').scrollIntoViewIfNeeded();
    await expect(detail.getByTestId('order-timeline')).toContainText('«Отгружен»');
    await screenshot('order-timeline-360', false);
    await bell.click();
    await expect(item).toBeInViewport({ ratio: 1 });
    await screenshot('notifications-360', false);
    expect.soft(await bar.evaluate((element) => element.scrollWidth - element.clientWidth), 'the notifications fit 360 px').toBeLessThanOrEqual(0);
  });
});
