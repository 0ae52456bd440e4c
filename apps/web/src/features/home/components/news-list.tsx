/** The news column of the main page, newest first. */
import { Anchor, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TNewsItem } from '@portal/contracts';
import { formatUnixDate } from '@portal/domain';
import { Fragment } from 'react';

export function NewsList({ news, loading, failed }: { news: TNewsItem[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="news">
      <Title order={2} size="h3" mb="md">
        Новости
      </Title>
      {loading ? (
        <Stack gap="md">
          {[0, 1, 2].map((key) => (
            <Stack key={key} gap={6}>
              <Skeleton height={10} width={80} />
              <Skeleton height={14} />
              <Skeleton height={10} width="85%" />
            </Stack>
          ))}
        </Stack>
      ) : failed ? (
        <Text size="sm" c="dimmed">
          Новости сейчас недоступны. Обновите страницу позже.
        </Text>
      ) : !news || news.length === 0 ? (
        <Text size="sm" c="dimmed">
          Новостей пока нет.
        </Text>
      ) : (
        <Stack gap="md">
          {news.map((item, index) => (
            <Fragment key={item.id}>
              {index > 0 && <Divider />}
              <article data-testid="news-item">
                <Text size="xs" c="dimmed" fw={500}>
                  {formatUnixDate(item.date)}
                </Text>
                <Text fw={600} mt={2} lh={1.35}>
                  {item.link ? (
                    <Anchor href={item.link} target="_blank" rel="noopener noreferrer" inherit>
                      {item.title}
                    </Anchor>
                  ) : (
                    item.title
                  )}
                </Text>
                <Text size="sm" c="dimmed" mt={4} lineClamp={3}>
                  {item.text}
                </Text>
              </article>
            </Fragment>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
