/** Helpers of the logistics and claims journeys: an order placed through the API, a photo to attach. */
import type { Page } from '@playwright/test';

/** Places an order of ООО «СпецСнаб» through the API with the signed-in browser's token; answers its number. */
export async function placeDemoOrder(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('id_token');
    const search = await (await fetch(`/api/product/search?QUERY=${encodeURIComponent('куртка')}&OPTION=2`)).json();
    const product = search.response.PRODUCT;
    const offer = search.response.OFFERS[0];
    const key = String(Date.now());
    const place = (order: unknown) =>
      fetch('/api/order/add', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(order),
      });
    let response = await place({
      partner_id: 'c0a80001-0000-4000-8000-000000000001',
      position: [{ guid: product.UID, characteristics: [{ guid: offer.GUID, orgguid: offer.ORGGUID, quantity: 3, price: offer.PRICE, fullprice: offer.PRICE, discount: 0 }] }],
    });
    let body = await response.json();
    // The list price was sent, not the company's: confirm the server's prices, as the dealer does in the dialog.
    if (response.status === 409 && body.error?.code === 'PRICES_CHANGED') {
      response = await place(body.error.order);
      body = await response.json();
    }
    if (!response.ok) throw new Error(`order not placed: ${JSON.stringify(body)}`);
    return body.response.id as number;
  });
}

/** A tiny valid PNG. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBAQAfBwMB0sJvVQAAAABJRU5ErkJggg==',
  'base64',
);
