/**
 * /logo: the logo mock-up (spec §2). The dealer puts their logo on a product picture, moves it (drag, or arrows) and
 * scales it, and downloads the result as PNG. Everything is drawn in the browser; nothing is uploaded.
 */
import { Badge, Box, Button, Card, FileButton, Grid, Group, Image, Loader, ScrollArea, Slider, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_LENGTH } from '@portal/domain';
import { IconDownload, IconPhotoUp, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { saveFile } from '../../shared/api/client';
import { reportError } from '../../shared/errors';
import { useImageUrl } from './api/get-image-blob';
import { useProductById, useProductSearch } from './api/search-products';
import { ImageCarousel } from './components/image-carousel';
import { useProposalImages } from './api/get-proposal-images';
import { readAsDataUrl } from './lib/image-upload';
import { containRect, DEFAULT_PLACEMENT, hitsLogo, logoRect, MAX_SCALE, MIN_SCALE, moveBy, scaleTo, type Placement } from './lib/mockup';

const CANVAS_SIZE = 900;

function useLoadedImage(src: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!src) return;
    let cancelled = false;
    const element = new window.Image();
    element.onload = () => !cancelled && setImage(element);
    element.onerror = () => !cancelled && reportError('LOAD_MOCKUP_IMAGE', new Error('Изображение не загрузилось: выберите другое.'));
    element.src = src;
    return () => {
      cancelled = true;
    };
  }, [src]);
  return image;
}

function ProductPicker({ onPick }: { onPick: (src: string) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SUGGESTION_DEBOUNCE_MS);
  const search = useProductSearch(debounced, undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const product = useProductById(openId, undefined);
  const images = openId === null ? (search.data?.IMAGES ?? []) : (product.data?.IMAGES ?? []);
  return (
    <Stack gap="xs">
      <TextInput
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        placeholder="Артикул или название"
        aria-label="Товар для макета"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpenId(null);
        }}
      />
      {debounced.trim().length >= SUGGESTION_MIN_LENGTH && !search.isFetching && (search.data?.FOUND.length ?? 0) === 0 && (
        <Text size="sm" c="dimmed">
          Не найдено
        </Text>
      )}
      {(search.data?.FOUND.length ?? 0) > 0 && (
        <ScrollArea.Autosize mah={180}>
          <Stack gap={4}>
            {search.data!.FOUND.map((found) => (
              <UnstyledButton
                key={found.ID}
                onClick={() => setOpenId(found.ID)}
                p={6}
                style={{ borderRadius: 6, background: (openId ?? search.data!.PRODUCT.ID) === found.ID ? 'var(--mantine-color-blue-light)' : undefined }}
              >
                <Text size="sm" truncate>
                  {found.ARTICLE} · {found.NAME}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {images.length > 0 && (
        <Group gap={6}>
          {images.map((src) => (
            <UnstyledButton key={src} onClick={() => onPick(src)} aria-label="Взять это фото" data-testid="mockup-product-image">
              <Image src={src} w={72} h={72} fit="contain" radius="sm" style={{ border: '1px solid var(--mantine-color-default-border)' }} alt="" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function LogoMockupPage() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [productSrc, setProductSrc] = useState<string | null>(null);
  const [localLogoSrc, setLocalLogoSrc] = useState<string | null>(null);
  const [libraryLogoId, setLibraryLogoId] = useState<number | null>(null);
  const [placement, setPlacement] = useState<Placement>(DEFAULT_PLACEMENT);
  const [opacity, setOpacity] = useState(100);
  const drag = useRef<{ x: number; y: number } | null>(null);

  const logos = useProposalImages('logo');
  const libraryLogo = logos.data?.find((logo) => logo.id === libraryLogoId);
  const libraryLogoUrl = useImageUrl(libraryLogo?.src);
  const product = useLoadedImage(productSrc);
  const logo = useLoadedImage(localLogoSrc ?? libraryLogoUrl);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    if (product) {
      const rect = containRect({ width: product.naturalWidth, height: product.naturalHeight }, canvas);
      context.drawImage(product, rect.left, rect.top, rect.width, rect.height);
    } else {
      context.fillStyle = '#868e96';
      context.font = '28px sans-serif';
      context.textAlign = 'center';
      context.fillText('Выберите фото товара слева', canvas.width / 2, canvas.height / 2);
    }
    if (logo) {
      const rect = logoRect(placement, canvas, { width: logo.naturalWidth, height: logo.naturalHeight });
      context.globalAlpha = opacity / 100;
      context.drawImage(logo, rect.left, rect.top, rect.width, rect.height);
      context.globalAlpha = 1;
    }
  }, [product, logo, placement, opacity]);

  useEffect(draw, [draw]);

  const toCanvas = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * canvas.width, y: ((event.clientY - box.top) / box.height) * canvas.height };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!logo) return;
    const point = toCanvas(event);
    const rect = logoRect(placement, event.currentTarget, { width: logo.naturalWidth, height: logo.naturalHeight });
    // A press outside the logo moves it there; a press on it starts dragging from where it was taken.
    if (!hitsLogo(point, rect)) setPlacement((current) => ({ ...current, x: point.x / CANVAS_SIZE, y: point.y / CANVAS_SIZE }));
    drag.current = point;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    const point = toCanvas(event);
    const from = drag.current;
    drag.current = point;
    setPlacement((current) => moveBy(current, point.x - from.x, point.y - from.y, { width: CANVAS_SIZE, height: CANVAS_SIZE }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const download = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.toBlob((blob) => {
      if (blob) saveFile(blob, 'logo-mockup.png');
      else reportError('SAVE_MOCKUP', new Error('Не удалось сохранить картинку.'));
    }, 'image/png');
  };

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Box>
        <Title order={1} size="h2">Макет логотипа</Title>
        <Text c="dimmed" size="sm">
          Примерьте свой логотип на изделие: перетащите его мышью, измените размер и скачайте картинку PNG.
        </Text>
      </Box>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                1. Фото товара
              </Title>
              <ProductPicker onPick={setProductSrc} />
              <FileButton accept="image/png,image/jpeg,image/webp" inputProps={{ 'aria-label': 'Своё фото изделия с компьютера' }} onChange={(file) => file && void readAsDataUrl(file).then(setProductSrc)}>
                {(props) => (
                  <Button mt="sm" variant="subtle" size="xs" leftSection={<IconPhotoUp size={14} />} {...props}>
                    или своё фото с компьютера
                  </Button>
                )}
              </FileButton>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                2. Логотип
              </Title>
              <ImageCarousel
                kind="logo"
                chosenId={libraryLogoId}
                onChoose={(id) => {
                  setLibraryLogoId(id);
                  setLocalLogoSrc(null);
                }}
              />
              <FileButton accept="image/png,image/jpeg,image/webp,image/svg+xml" inputProps={{ 'aria-label': 'Логотип с компьютера' }} onChange={(file) => file && void readAsDataUrl(file).then(setLocalLogoSrc)}>
                {(props) => (
                  <Button mt="sm" variant="subtle" size="xs" leftSection={<IconPhotoUp size={14} />} {...props}>
                    или файл с компьютера, без сохранения
                  </Button>
                )}
              </FileButton>
              {localLogoSrc && (
                <Badge mt={4} variant="light">
                  Логотип из файла
                </Badge>
              )}
            </Card>
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                3. Размер и прозрачность
              </Title>
              <Text size="xs" c="dimmed">
                Размер
              </Text>
              <Slider
                thumbLabel="Размер логотипа"
                min={MIN_SCALE * 100}
                max={MAX_SCALE * 100}
                value={Math.round(placement.scale * 100)}
                onChange={(value) => setPlacement((current) => scaleTo(current, value / 100))}
                label={(value) => `${value} %`}
                mb="md"
              />
              <Text size="xs" c="dimmed">
                Непрозрачность
              </Text>
              <Slider thumbLabel="Непрозрачность логотипа" min={20} max={100} value={opacity} onChange={setOpacity} label={(value) => `${value} %`} mb="md" />
              <Button variant="default" size="xs" onClick={() => setPlacement(DEFAULT_PLACEMENT)}>
                Вернуть в центр
              </Button>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" align="center">
            <canvas
              ref={canvasRef}
              width={CANVAS_SIZE}
              height={CANVAS_SIZE}
              data-testid="mockup-canvas"
              tabIndex={0}
              aria-label="Макет: перетащите логотип мышью или стрелками"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onKeyDown={(event) => {
                const step = event.shiftKey ? 40 : 8;
                const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
                const move = moves[event.key];
                if (move) {
                  event.preventDefault();
                  setPlacement((current) => moveBy(current, move[0], move[1], { width: CANVAS_SIZE, height: CANVAS_SIZE }));
                } else if (event.key === '+' || event.key === '=') setPlacement((current) => scaleTo(current, current.scale * 1.1));
                else if (event.key === '-') setPlacement((current) => scaleTo(current, current.scale / 1.1));
              }}
              onWheel={(event) => setPlacement((current) => scaleTo(current, current.scale * (event.deltaY < 0 ? 1.05 : 1 / 1.05)))}
              style={{
                width: '100%',
                maxWidth: 640,
                aspectRatio: '1 / 1',
                borderRadius: 8,
                boxShadow: '0 4px 18px rgba(15, 23, 42, 0.15)',
                cursor: logo ? 'move' : 'default',
                touchAction: 'none',
                background: '#fff',
              }}
            />
            <Group>
              <Text size="xs" c="dimmed">
                Перетаскивайте логотип мышью; колесо или +/− меняют размер, стрелки сдвигают.
              </Text>
              <Button leftSection={<IconDownload size={16} />} disabled={!product || !logo} onClick={download} data-testid="mockup-download">
                Скачать PNG
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
