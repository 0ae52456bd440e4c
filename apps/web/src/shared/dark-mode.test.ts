import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.resetModules());

describe('dark mode', () => {
  it("starts from localStorage `dark-mode`: only the string 'true' means on", async () => {
    localStorage.setItem('dark-mode', 'true');
    expect((await import('./dark-mode')).useDarkModeStore.getState().dark).toBe(true);
    vi.resetModules();
    localStorage.setItem('dark-mode', 'yes');
    expect((await import('./dark-mode')).useDarkModeStore.getState().dark).toBe(false);
  });

  it('writes every change back', async () => {
    const { useDarkModeStore } = await import('./dark-mode');
    useDarkModeStore.getState().toggle();
    expect(localStorage.getItem('dark-mode')).toBe('true');
    useDarkModeStore.getState().toggle();
    expect(localStorage.getItem('dark-mode')).toBe('false');
  });
});
