/**
 * The portal's Mantine theme and its CSS variables. Contrast (WCAG AA: 4.5:1 for text) is decided here once, for every
 * colour, not screen by screen: screens name a colour by meaning (`c="red"`, `color="teal"`) and the theme gives the
 * shade that stays readable in the scheme in use — on white, on striped rows and on the colour's own light tint in the
 * light scheme, on cards and panels in the dark one.
 */
import { createTheme, darken, DEFAULT_THEME, lighten, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A cool, slightly blue dark palette built around the spec's dark page background #15171C (index 8): cards and
// panels (index 7) sit one step above the page. Index 2, which Mantine uses for some secondary text, is 5.0:1 on a
// card (index 6); it was 4.5:1 less a hair.
const dark: MantineColorsTuple = ['#C9CDD5', '#A9AEB9', '#9399A6', '#6C7280', '#3D4350', '#30353F', '#272B34', '#1E2129', '#15171C', '#0E1013'];

// White on the filled primary (blue 8, #1971c2) is 4.9:1 where blue 7 was 4.2:1 and dark mode's blue 5 was 3.0:1.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors: { dark },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  components: {
    // A link inside a sentence must be told from the words around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // A select's list is mounted when it opens. Kept mounted while closed (Mantine's default), floating-ui placed it as
    // the select mounted, and reading the page's direction for that forced a style recalculation of the whole page in
    // the middle of the screen's first render (~70 ms at a phone's speed on the catalogue).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** WCAG text contrast is 4.5:1; a little above it, so rounding in the browser never lands below. */
const TEXT_CONTRAST = 4.6;

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color`, darkened (or lightened) in small steps until it reads at TEXT_CONTRAST on every one of `backgrounds`. */
function readable(color: string, backgrounds: string[], towards: 'darker' | 'lighter'): string {
  for (let step = 0; step <= 20; step++) {
    const value = step === 0 ? color : towards === 'darker' ? darken(color, step * 0.05) : lighten(color, step * 0.05);
    if (backgrounds.every((background) => contrast(value, background) >= TEXT_CONTRAST)) return value;
  }
  return towards === 'darker' ? '#000000' : '#ffffff';
}

const WHITE = '#ffffff';
const gray = DEFAULT_THEME.colors.gray;

/**
 * Per colour: text (`c="red"`), the light variant's text (badges, alerts) and the filled variant (white text on it), in
 * each scheme. Dimmed text and the disabled colour too: Mantine's grey 6 is 3.3:1 on white.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // A select's «Выберите…» is drawn as text, not as a placeholder attribute: it must be readable too.
    '--mantine-color-placeholder': readable(gray[5], [WHITE, gray[0]], 'darker'),
  };
  const darkScheme: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': readable(dark[3], [dark[5], dark[6], dark[7]], 'lighter'),
    '--mantine-color-anchor': 'var(--mantine-color-blue-text)',
  };
  for (const [name, shades] of Object.entries(mantineTheme.colors)) {
    if (name === 'dark') continue;
    const filled = readable(shades[8], [WHITE], 'darker');
    light[`--mantine-color-${name}-text`] = readable(shades[8], [WHITE, gray[0], gray[1], shades[0], shades[1]], 'darker');
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], [shades[1], shades[2]], 'darker');
    light[`--mantine-color-${name}-filled`] = filled;
    darkScheme[`--mantine-color-${name}-filled`] = filled;
    darkScheme[`--mantine-color-${name}-text`] = readable(shades[4], [dark[5], dark[6], dark[7], darken(shades[9], 0.5)], 'lighter');
  }
  return { variables: {}, light, dark: darkScheme };
};
