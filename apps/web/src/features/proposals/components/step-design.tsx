/** Step 4: header (logo, its place, text), banner, output format and orientation, the preview and the download. */
import { Alert, Box, Card, Grid, Group, SegmentedControl, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import type { TCompany, TLogoAlign, TProposalFormat } from '@portal/contracts';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { saveFile } from '../../../shared/api/client';
import { StatefulButton } from '../../../shared/ui/stateful-button';
import { useSendProposal } from '../api/send-proposal';
import { buildProposalRequest, stepProblems } from '../lib/proposal-payload';
import { useProposalStore } from '../proposal-store';
import { ImageCarousel } from './image-carousel';
import { ProposalPreview } from './proposal-preview';

export function StepDesign({ executor }: { executor: TCompany | undefined }) {
  const state = useProposalStore();
  const { design, setDesign, format, setFormat, portrait, setPortrait } = state;
  const send = useSendProposal();
  const problems = stepProblems(3, state);

  const download = async () => {
    const file = await send.mutateAsync(buildProposalRequest(state, executor?.name ?? ''));
    saveFile(file.blob, file.fileName);
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h5">Шапка</Title>
              <Switch label="Показывать" checked={design.header} onChange={(event) => setDesign({ header: event.currentTarget.checked })} />
            </Group>
            {design.header && (
              <Stack gap="sm">
                <ImageCarousel kind="logo" chosenId={design.headerLogo} onChoose={(id) => setDesign({ headerLogo: id })} />
                <Group gap="sm" align="center">
                  <Text size="sm">Логотип</Text>
                  <SegmentedControl
                    size="xs"
                    aria-label="Расположение логотипа"
                    value={design.headerLogoAlign}
                    onChange={(value) => setDesign({ headerLogoAlign: value as TLogoAlign })}
                    data={[
                      { value: 'left', label: 'слева' },
                      { value: 'center', label: 'по центру' },
                      { value: 'right', label: 'справа' },
                    ]}
                  />
                </Group>
                <Textarea
                  label="Текст шапки"
                  placeholder={'Ваша компания, телефон, сайт, почта\nНапример: ООО «СпецСнаб» · +7 (495) 000-00-00 · specsnab.ru'}
                  autosize
                  minRows={2}
                  maxRows={5}
                  maxLength={1000}
                  value={design.headerText}
                  onChange={(event) => setDesign({ headerText: event.currentTarget.value })}
                />
              </Stack>
            )}
          </Card>
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h5">Баннер</Title>
              <Switch label="Показывать" checked={design.banner} onChange={(event) => setDesign({ banner: event.currentTarget.checked })} />
            </Group>
            {design.banner ? (
              <ImageCarousel kind="banner" chosenId={design.bannerId} onChoose={(id) => setDesign({ bannerId: id })} />
            ) : (
              <Text size="sm" c="dimmed">
                Широкая картинка под шапкой: акция, коллекция, ваш слоган.
              </Text>
            )}
          </Card>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="sm">
              Файл
            </Title>
            <Group gap="lg" wrap="wrap">
              <Box>
                <Text size="xs" c="dimmed" mb={4}>
                  Формат
                </Text>
                <SegmentedControl
                  aria-label="Формат файла"
                  value={format}
                  onChange={(value) => setFormat(value as TProposalFormat)}
                  data={[
                    { value: 'PDF', label: 'PDF' },
                    { value: 'DOCX', label: 'Word (.docx)' },
                  ]}
                />
              </Box>
              <Box>
                <Text size="xs" c="dimmed" mb={4}>
                  Ориентация
                </Text>
                <SegmentedControl
                  aria-label="Ориентация страницы"
                  value={portrait ? 'portrait' : 'landscape'}
                  onChange={(value) => setPortrait(value === 'portrait')}
                  data={[
                    { value: 'portrait', label: 'Книжная' },
                    { value: 'landscape', label: 'Альбомная' },
                  ]}
                />
              </Box>
            </Group>
            {problems.length > 0 && (
              <Alert mt="md" color="orange" variant="light" icon={<IconInfoCircle size={18} />} title="Чтобы скачать, исправьте">
                <Stack gap={2}>
                  {problems.map((problem) => (
                    <Text key={problem} size="sm">
                      {problem}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <StatefulButton
              mt="md"
              size="md"
              fullWidth
              leftSection={<IconDownload size={18} />}
              state={problems.length > 0 ? 'disabled' : 'active'}
              onClick={download}
              data-testid="kp-download"
            >
              Скачать {format === 'PDF' ? 'file.pdf' : 'file.docx'}
            </StatefulButton>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap={6} align="center" style={{ position: 'sticky', top: 80 }}>
          <Text size="sm" c="dimmed">
            Предпросмотр
          </Text>
          <ProposalPreview executor={executor} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
