/** The showcase cases carousel of the main page (spec §2): rotated with next and previous, looping. */
import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Anchor, BackgroundImage, Badge, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TShowcaseCase } from '@portal/contracts';
import { useState } from 'react';

/** Slides without an image get one of these backgrounds, by position, so neighbours never look alike. */
const BACKGROUNDS = [
  'linear-gradient(120deg, #1c3f94 0%, #2f6fde 55%, #4dabf7 100%)',
  'linear-gradient(120deg, #0b5345 0%, #12876f 55%, #38d9a9 100%)',
  'linear-gradient(120deg, #5f2c82 0%, #8e44ad 55%, #c77dff 100%)',
  'linear-gradient(120deg, #7c2d12 0%, #c2410c 55%, #fb923c 100%)',
  'linear-gradient(120deg, #1f2937 0%, #374151 55%, #6b7280 100%)',
];

function Slide({ item, index, total }: { item: TShowcaseCase; index: number; total: number }) {
  const content = (
    <Stack h="100%" justify="space-between" py={{ base: 'md', sm: 32 }} px={{ base: 48, sm: 72 }} gap="md" style={{ position: 'relative' }}>
      <Group justify="space-between">
        <Badge variant="white" color="dark" radius="sm">
          Кейс
        </Badge>
        <Text size="sm" c="white" fw={500} style={{ opacity: 0.85 }} aria-hidden>
          {index + 1} / {total}
        </Text>
      </Group>
      <Box maw={720}>
        <Text size="sm" c="white" fw={500} style={{ opacity: 0.85 }}>
          {item.customer}
        </Text>
        <Title order={2} c="white" mt={4} fz={{ base: 20, sm: 28 }} lineClamp={2} style={{ textWrap: 'balance' }}>
          {item.title}
        </Title>
        <Text c="white" mt="sm" lineClamp={3} fz={{ base: 'sm', sm: 'md' }} style={{ opacity: 0.92 }}>
          {item.text}
        </Text>
        {item.link && (
          <Anchor href={item.link} target="_blank" rel="noopener noreferrer" c="white" fw={600} mt="sm" display="inline-block" underline="always">
            Подробнее
          </Anchor>
        )}
      </Box>
    </Stack>
  );
  return item.image ? (
    <BackgroundImage src={item.image} h="100%" radius="md">
      <Box h="100%" style={{ background: 'linear-gradient(90deg, rgba(0,0,0,0.65), rgba(0,0,0,0.15))', borderRadius: 'var(--mantine-radius-md)' }}>
        {content}
      </Box>
    </BackgroundImage>
  ) : (
    <Box h="100%" style={{ background: BACKGROUNDS[index % BACKGROUNDS.length], borderRadius: 'var(--mantine-radius-md)' }}>
      {content}
    </Box>
  );
}

export function CasesCarousel({ cases, loading }: { cases: TShowcaseCase[] | undefined; loading: boolean }) {
  const [current, setCurrent] = useState(0);
  if (loading) return <Skeleton height={260} radius="md" />;
  if (!cases || cases.length === 0) return null;
  const active = cases[current] ?? cases[0]!;
  return (
    <Paper radius="md" shadow="sm" style={{ overflow: 'hidden' }} data-testid="cases-carousel" aria-roledescription="карусель" aria-label="Кейсы">
      <Carousel
        height={260}
        withIndicators
        withControls={cases.length > 1}
        emblaOptions={{ loop: true, align: 'start' }}
        onSlideChange={setCurrent}
        controlSize={36}
        nextControlProps={{ 'aria-label': 'Следующий кейс' }}
        previousControlProps={{ 'aria-label': 'Предыдущий кейс' }}
        getIndicatorProps={(index) => ({ 'aria-label': `Кейс ${index + 1}` })}
      >
        {cases.map((item, index) => (
          <Carousel.Slide key={item.id} aria-label={`${index + 1} из ${cases.length}`} aria-hidden={index !== current}>
            <Slide item={item} index={index} total={cases.length} />
          </Carousel.Slide>
        ))}
      </Carousel>
      {/* Screen readers and tests read which case is in view. */}
      <Text data-testid="cases-current" aria-live="polite" className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {`${current + 1} из ${cases.length}: ${active.title}`}
      </Text>
    </Paper>
  );
}
