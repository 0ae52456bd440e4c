/** The main page (spec §2): the showcase cases carousel, the user's companies and the news. */
import { Grid, Stack, VisuallyHidden } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useReportError } from '../../shared/lib/use-report-error';
import { partnersQueryOptions, usePartners } from '../../shared/api/get-partners';
import { casesQueryOptions, useCases } from './api/get-cases';
import { newsQueryOptions, useNews } from './api/get-news';
import { CasesCarousel } from './components/cases-carousel';
import { CompaniesSummary } from './components/companies-summary';
import { NewsList } from './components/news-list';

/** The page's data, asked for as soon as its code is in, while the shell around it is still being drawn. */
export function prefetchHomeData(client: QueryClient) {
  void client.prefetchQuery(casesQueryOptions());
  void client.prefetchQuery(partnersQueryOptions());
  void client.prefetchQuery(newsQueryOptions());
}

export function HomePage() {
  const partners = usePartners();
  const news = useNews();
  const cases = useCases();
  useReportError('GET_PARTNERS', partners.error);
  useReportError('GET_NEWS', news.error);
  useReportError('GET_CASES', cases.error);

  return (
    <Stack gap="lg" maw={1280} data-testid="home-page">
      <VisuallyHidden component="h1">Главная</VisuallyHidden>
      <CasesCarousel cases={cases.data} loading={cases.isPending} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <CompaniesSummary companies={partners.data} loading={partners.isPending} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <NewsList news={news.data} loading={news.isPending} failed={news.isError} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
