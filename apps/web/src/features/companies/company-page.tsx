/**
 * /company/:id? — one of the user's companies: warnings, current discount, requisites, contracts with their documents,
 * and the manager. Without an id the first company is shown; several companies get a chooser.
 */
import { Badge, Box, Button, Grid, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TCompany } from '@portal/contracts';
import { companyWarnings, currentDiscount, partnerWarnings, shortenCompanyName } from '@portal/domain';
import { IconBuildingStore, IconDiscount2 } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useReportError } from '../../shared/lib/use-report-error';
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert';
import { usePartners } from '../../shared/api/get-partners';
import { moscowToday } from '../../shared/ui/contract-credit';
import { CompanyRequisites } from './components/company-requisites';
import { CompanyWarnings } from './components/company-warnings';
import { percentText } from './components/contract-labels';
import { ContractCard } from './components/contract-card';
import { ManagerCard } from './components/manager-card';

export function CompanyPage() {
  const { id } = useParams();
  const partners = usePartners();
  useReportError('GET_PARTNERS', partners.error);

  if (partners.isPending) return <CompanySkeleton />;
  if (partners.isError) {
    return (
      <LoadFailedAlert title="Компании не загрузились" error={partners.error} onRetry={() => void partners.refetch()} maw={720} />
    );
  }

  const companies = partners.data;
  if (companies.length === 0) {
    return (
      <Stack maw={720}>
        <Title order={1} size="h2">Компания</Title>
        <CompanyWarnings warnings={partnerWarnings([], moscowToday())} />
      </Stack>
    );
  }
  const company = id ? companies.find((candidate) => candidate.uid === id) : companies[0];
  if (!company) {
    return (
      <Stack maw={720}>
        <Title order={1} size="h2">Компания не найдена</Title>
        <Text c="dimmed">Такой компании нет среди ваших. Выберите одну из своих:</Text>
        <Stack gap="xs">
          {companies.map((candidate) => (
            <Button key={candidate.uid} component={Link} to={paths.company(candidate.uid)} variant="light" justify="flex-start">
              {shortenCompanyName(candidate.name)}
            </Button>
          ))}
        </Stack>
      </Stack>
    );
  }
  return <CompanyView company={company} companies={companies} />;
}

function CompanyView({ company, companies }: { company: TCompany; companies: TCompany[] }) {
  const navigate = useNavigate();
  const warnings = companyWarnings(company, moscowToday());
  const discount = currentDiscount(company.storages);
  const choices = companies.map((candidate) => ({ value: candidate.uid, label: shortenCompanyName(candidate.name) }));

  return (
    <Stack gap="lg" maw={1280} data-testid="company-page">
      {companies.length > 1 && (
        <>
          <Box visibleFrom="sm">
            <SegmentedControl
              aria-label="Выбор компании"
              value={company.uid}
              onChange={(uid) => navigate(paths.company(uid))}
              data={choices}
              radius="md"
            />
          </Box>
          <Select
            hiddenFrom="sm"
            aria-label="Выбор компании"
            value={company.uid}
            onChange={(uid) => uid && navigate(paths.company(uid))}
            data={choices}
            allowDeselect={false}
          />
        </>
      )}

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={52} radius="md" variant="light">
              <IconBuildingStore size={28} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Title order={1} size="h2" data-testid="company-name">
                {shortenCompanyName(company.name)}
              </Title>
              <Group gap="xs" mt={4}>
                <Text size="sm" c="dimmed">
                  ИНН {company.inn}
                </Text>
                {company.city && (
                  <Badge variant="dot" color="gray">
                    {company.city}
                  </Badge>
                )}
                {warnings.length === 0 ? (
                  <Badge color="teal" variant="light">
                    Замечаний нет
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light">
                    Замечаний: {warnings.length}
                  </Badge>
                )}
              </Group>
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap" data-testid="current-discount">
            <ThemeIcon size={44} radius="xl" color="teal" variant="light">
              <IconDiscount2 size={24} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Текущая скидка
              </Text>
              <Text fw={700} fz={26} lh={1.1} data-testid="current-discount-value">
                {percentText(discount)}
              </Text>
            </div>
          </Group>
        </Group>
      </Paper>

      <CompanyWarnings warnings={warnings} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <CompanyRequisites company={company} />
            <Title order={2} size="h3">Договоры</Title>
            {company.storages.length === 0 ? (
              <Text c="dimmed">Договоров нет.</Text>
            ) : (
              company.storages.map((storage) => <ContractCard key={storage.guid} storage={storage} />)
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))' }}>
            <ManagerCard partnerId={company.uid} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CompanySkeleton() {
  return (
    <Stack gap="lg" maw={1280} aria-busy="true">
      <Skeleton height={92} radius="md" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton height={360} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton height={180} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
