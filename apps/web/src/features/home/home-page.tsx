/** The main page (spec §2): the showcase cases carousel, the user's companies and the news. */
import { Grid, Stack, VisuallyHidden } from '@mantine/core';
import { useAfterFirstPaint } from '../../shared/lib/lazy-page';
import { useReportError } from '../../shared/lib/use-report-error';
import { usePartners } from '../../shared/api/get-partners';
import { useCases } from './api/get-cases';
import { useNews } from './api/get-news';
import { CasesCarousel } from './components/cases-carousel';
import { CompaniesSummary } from './components/companies-summary';
import { NewsList } from './components/news-list';

export function HomePage() {
  const partners = usePartners();
  const news = useNews();
  const cases = useCases();
  useReportError('GET_PARTNERS', partners.error);
  useReportError('GET_NEWS', news.error);
  useReportError('GET_CASES', cases.error);
  // The companies and the news below the cases are drawn once the cases have painted: the first case (the page's
  // largest paint) does not wait for the companies' credit figures to be rendered.
  const casesPainted = useAfterFirstPaint(!cases.isPending);

  return (
    <Stack gap="lg" maw={1280} data-testid="home-page">
      <VisuallyHidden component="h1">Главная</VisuallyHidden>
      <CasesCarousel cases={cases.data} loading={cases.isPending} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <CompaniesSummary companies={partners.data} loading={partners.isPending || !casesPainted} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <NewsList news={news.data} loading={news.isPending || !casesPainted} failed={news.isError} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
