import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { news, showcaseCases } from '../../db/schema';

export function listPublishedNews(db: DbOrTx, limit: number) {
  return db.select().from(news).where(eq(news.published, true)).orderBy(desc(news.publishedAt), desc(news.id)).limit(limit);
}

export function listPublishedCases(db: DbOrTx) {
  return db.select().from(showcaseCases).where(eq(showcaseCases.published, true)).orderBy(asc(showcaseCases.sort), asc(showcaseCases.id));
}
