/** The content service of the main page (spec §3 "Other lists"): public, the same for every user. */
import type { TNewsItem, TShowcaseCase } from '@portal/contracts';
import type { Db } from '../../db/client';
import * as repo from './content.repository';

/** The main page shows the latest news; older items stay in the database. */
export const NEWS_LIMIT = 20;

export async function listNews(db: Db): Promise<TNewsItem[]> {
  const rows = await repo.listPublishedNews(db, NEWS_LIMIT);
  return rows.map((row) => ({
    id: row.guid,
    title: row.title,
    text: row.text,
    date: Math.floor(row.publishedAt.getTime() / 1000),
    image: row.image,
    link: row.link,
  }));
}

export async function listCases(db: Db): Promise<TShowcaseCase[]> {
  const rows = await repo.listPublishedCases(db);
  return rows.map((row) => ({
    id: row.guid,
    title: row.title,
    customer: row.customer,
    text: row.text,
    image: row.image,
    link: row.link,
  }));
}
