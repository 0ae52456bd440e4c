/**
 * The showcase cases carousel of the main page (spec §2): rotated with next and previous, looping; the indicators
 * jump to a case; a swipe on a phone and the arrow keys turn it too.
 *
 * Drawn here rather than with @mantine/carousel: that one runs on Embla (with Mantine's wrapper some 10 KB of gzip),
 * the largest part of the main page's own code, for what is one slide at a time on a transform.
 */
import { Anchor, BackgroundImage, Badge, Box, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TShowcaseCase } from '@portal/contracts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import classes from './cases-carousel.module.css';

/** Slides without an image get one of these backgrounds, by position, so neighbours never look alike. */
const BACKGROUNDS = [
  'linear-gradient(120deg, #1c3f94 0%, #2f6fde 55%, #4dabf7 100%)',
  'linear-gradient(120deg, #0b5345 0%, #12876f 55%, #38d9a9 100%)',
  'linear-gradient(120deg, #5f2c82 0%, #8e44ad 55%, #c77dff 100%)',
  'linear-gradient(120deg, #7c2d12 0%, #c2410c 55%, #fb923c 100%)',
  'linear-gradient(120deg, #1f2937 0%, #374151 55%, #6b7280 100%)',
];

/** A horizontal move of at least this many pixels turns the carousel. */
const SWIPE_PX = 40;

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
  const [selected, setSelected] = useState(0);
  const trackId = useId();
  const swipeStart = useRef<number | null>(null);
  if (loading) return <Skeleton height={260} radius="md" />;
  if (!cases || cases.length === 0) return null;
  const total = cases.length;
  const current = Math.min(selected, total - 1);
  const active = cases[current]!;
  // It loops: after the last comes the first, before the first the last.
  const go = (index: number) => setSelected(((index % total) + total) % total);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? current + 1 : current - 1);
  };

  return (
    <Paper
      radius="md"
      shadow="sm"
      className={classes.root}
      data-testid="cases-carousel"
      role="region"
      aria-roledescription="карусель"
      aria-label="Кейсы"
      onKeyDownCapture={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeStart.current = null)}
    >
      <div id={trackId} className={classes.track} style={{ transform: `translateX(-${current * 100}%)` }}>
        {cases.map((item, index) => (
          <div
            key={item.id}
            className={classes.slide}
            role="group"
            aria-roledescription="слайд"
            aria-label={`${index + 1} из ${total}`}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            <Slide item={item} index={index} total={total} />
          </div>
        ))}
      </div>
      {total > 1 && (
        <>
          <div className={classes.controls}>
            <UnstyledButton className={classes.control} aria-controls={trackId} aria-label="Предыдущий кейс" onClick={() => go(current - 1)}>
              <IconChevronLeft size={16} />
            </UnstyledButton>
            <UnstyledButton className={classes.control} aria-controls={trackId} aria-label="Следующий кейс" onClick={() => go(current + 1)}>
              <IconChevronRight size={16} />
            </UnstyledButton>
          </div>
          <div className={classes.indicators}>
            {cases.map((item, index) => (
              <UnstyledButton
                key={item.id}
                className={classes.indicator}
                aria-label={`Кейс ${index + 1}`}
                aria-current={index === current || undefined}
                data-active={index === current || undefined}
                onClick={() => go(index)}
                onMouseDown={(event) => event.preventDefault()}
              />
            ))}
          </div>
        </>
      )}
      {/* Screen readers and tests read which case is in view. */}
      <Text data-testid="cases-current" aria-live="polite" className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {`${current + 1} из ${total}: ${active.title}`}
      </Text>
    </Paper>
  );
}
