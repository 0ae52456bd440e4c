import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, showcaseCases } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/content/news', () => {
  it('answers the seeded news without a token, newest first', async () => {
    const response = await t.app.inject({ url: '/api/content/news' });
    expect(response.statusCode).toBe(200);
    const items = response.json().response as Array<{ id: string; title: string; date: number }>;
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items[0]!.title).toBe('Новая коллекция зимних костюмов «Арктика-Про»');
    const dates = items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it('does not show unpublished news', async () => {
    await t.app.db.insert(news).values({ guid: 'hidden-news', title: 'Черновик новости', published: false, publishedAt: new Date('2030-01-01') });
    const items = (await t.app.inject({ url: '/api/content/news' })).json().response as Array<{ id: string }>;
    expect(items.map((item) => item.id)).not.toContain('hidden-news');
  });
});

describe('GET /api/content/cases', () => {
  it('answers the showcase cases without a token, in their order', async () => {
    await t.app.db.insert(showcaseCases).values({ guid: 'first-case', title: 'Первый кейс', sort: -1 });
    const response = await t.app.inject({ url: '/api/content/cases' });
    expect(response.statusCode).toBe(200);
    const cases = response.json().response as Array<{ id: string; title: string; customer: string }>;
    expect(cases[0]!.id).toBe('first-case');
    expect(cases.length).toBeGreaterThanOrEqual(4);
    expect(cases[1]!.customer).not.toBe('');
  });
});
