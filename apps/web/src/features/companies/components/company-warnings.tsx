/** The partner data warnings of spec §5, one alert per warning. */
import { Alert, Stack } from '@mantine/core';
import type { PartnerWarning } from '@portal/domain';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';

/** Unequal discounts are worth knowing but block nothing; the rest need the manager. */
const informational = new Set<PartnerWarning['code']>(['UNEQUAL_DISCOUNTS']);

const TITLES: Record<PartnerWarning['code'], string> = {
  NO_COMPANIES: 'Нет компаний',
  NO_CONTRACTS: 'Нет договоров',
  UNDATED_DEBT: 'Задолженность без даты оплаты',
  OVERDUE_DEBT: 'Просроченный долг',
  DEBT_OVER_LIMIT: 'Долг больше лимита',
  NO_DISCOUNT: 'Скидка не установлена',
  MISSING_CONTRACT: 'Не хватает договора',
  UNEQUAL_DISCOUNTS: 'Скидки по договорам различаются',
};

export function CompanyWarnings({ warnings }: { warnings: PartnerWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="partner-warnings">
      {warnings.map((warning, index) => {
        const info = informational.has(warning.code);
        return (
          <Alert
            key={`${warning.code}-${warning.contractGuid ?? index}`}
            color={info ? 'blue' : 'orange'}
            variant="light"
            radius="md"
            icon={info ? <IconInfoCircle size={20} /> : <IconAlertTriangle size={20} />}
            title={TITLES[warning.code]}
            data-testid="partner-warning"
            data-code={warning.code}
          >
            {warning.message}
          </Alert>
        );
      })}
    </Stack>
  );
}
