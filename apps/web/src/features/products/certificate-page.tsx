/** /certificate/:article? — find an article, list its certificates and download them one by one or as a zip. */
import { Alert, Button, Card, Center, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileZip, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { StatefulButton } from '../../shared/ui/stateful-button';
import { downloadCertificate, downloadCertificatesZip } from './api/download-certificates';
import { useCertificates } from './api/get-certificates';
import { StackedTable } from '../../shared/ui/stacked-table';

// Spec §8: certificate download failures are only logged; we also tell the user, who otherwise sees nothing happen.
function reportFailure(error: unknown) {
  console.error('certificate download failed', error);
  notifications.show({ color: 'red', title: 'Не удалось скачать', message: (error as Error).message });
}

function formatDate(iso: string | null) {
  if (!iso) return 'бессрочно';
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

export function CertificatePage() {
  const { article } = useParams();
  const navigate = useNavigate();
  const [value, setValue] = useState(article ?? '');
  const certificates = useCertificates(article);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim().toUpperCase();
    if (text) void navigate(paths.certificate(text));
  };

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Title order={1} fz={26}>
        Сертификаты
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Артикул товара"
            placeholder="Например, КСТ105А"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            w={320}
            leftSection={<IconSearch size={16} />}
          />
          <Button type="submit">Найти</Button>
        </Group>
      </form>

      {!article ? (
        <Text c="dimmed">Введите артикул: покажем сертификаты и декларации соответствия товара, их можно скачать по одному или архивом.</Text>
      ) : certificates.isPending ? (
        <Center mih={160}>
          <Loader />
        </Center>
      ) : certificates.isError ? (
        <Alert color="yellow" title="Не найдено" role="alert">
          {certificates.error.message}
        </Alert>
      ) : certificates.data.length === 0 ? (
        <Alert color="gray" title="Сертификатов нет">
          У товара {article} нет загруженных сертификатов. Запросите их у менеджера.
        </Alert>
      ) : (
        <Card withBorder padding="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>Артикул {article}</Text>
            <StatefulButton
              variant="light"
              leftSection={<IconFileZip size={18} />}
              onClick={() => downloadCertificatesZip([article]).catch(reportFailure)}
            >
              Скачать все (zip)
            </StatefulButton>
          </Group>
          <StackedTable verticalSpacing="sm" aria-label="Сертификаты товара">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Документ</Table.Th>
                <Table.Th>Действует до</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {certificates.data.map((certificate) => (
                <Table.Tr key={certificate.id}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {certificate.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(certificate.validUntil)}</Table.Td>
                  <Table.Td ta="right">
                    <StatefulButton
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={16} />}
                      onClick={() => downloadCertificate(certificate).catch(reportFailure)}
                    >
                      Скачать PDF
                    </StatefulButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Card>
      )}
    </Stack>
  );
}
